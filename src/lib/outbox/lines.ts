/**
 * The outbox's rows in the desk's words: the lead page's Delivery card and the person's export. What
 * a row is called comes from the kind that owns it (the registry in src/server/outbox/kinds.ts), handed
 * in as `label`, so this module names no kind.
 */
import { countOf } from '../format.ts';
import type { Delivery, DeliveryAttempt } from './model.ts';

/** How many of each delivery's tries the lead page lists, the newest. */
export const ATTEMPTS_LISTED = 10;

/** A delivery as the lead page lists it: where it goes, its state in words and how often it was tried. */
export function deliveryLine(
  delivery: Delivery,
  formatTime: (iso: string) => string,
  label: (delivery: Delivery) => string,
): { target: string; state: string; attempts: string } {
  const state =
    delivery.status === 'delivered'
      ? `Delivered${delivery.deliveredAt ? ` ${formatTime(delivery.deliveredAt)}` : ''}`
      : `Pending, next try ${formatTime(new Date(delivery.nextAttemptAt).toISOString())}`;
  return {
    target: `${label(delivery)} to ${delivery.destination}`,
    state,
    attempts: countOf(delivery.attempts, 'attempt'),
  };
}

/** One try of a delivery in words: when, how it went and how long it took. */
export function attemptLine(
  attempt: DeliveryAttempt,
  formatTime: (iso: string) => string,
): { when: string; outcome: string } {
  const took = attempt.durationMs < 1000 ? `${attempt.durationMs} ms` : `${(attempt.durationMs / 1000).toFixed(1)} s`;
  return {
    when: formatTime(attempt.attemptedAt),
    outcome: `${attempt.ok ? 'Accepted' : 'Failed'}: ${attempt.detail} (${took})`,
  };
}
