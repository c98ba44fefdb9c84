/**
 * A sent quote is frozen: when staff change it, the change becomes a new version and the old one stays
 * readable. `versionChanges` says what changed, for the history ("Version 2: prices, payment schedule")
 * and to tell a real change from a save that changed nothing.
 */
import { isDeepStrictEqual } from 'node:util';
import type { QuoteDraft } from './model.ts';

/** The parts of a quote as the history names them, each with the draft fields it is made of. */
const PARTS: readonly [string, readonly (keyof QuoteDraft)[]][] = [
  ['package', ['packageSlug']],
  ['dates', ['departureOn', 'returnOn']],
  ['departure airport', ['departureAirport']],
  ['hotels', ['hotels']],
  ['prices', ['lines']],
  ['discount', ['discount']],
  ['what is included', ['included']],
  ['note', ['note']],
  ['valid until', ['validUntil']],
  ['payment schedule', ['schedule']],
];

/** The parts that differ between two versions, in the quote's order; empty when nothing changed (a jsonb store's key order aside). */
export function versionChanges(previous: QuoteDraft, next: QuoteDraft): string[] {
  return PARTS.filter(([, fields]) => fields.some((field) => !isDeepStrictEqual(previous[field], next[field]))).map(
    ([part]) => part,
  );
}
