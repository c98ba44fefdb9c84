/*
 * The desk's Hajj interest page: the list for every signed-in staff member, and for owners the phase
 * alert: a preview (GET, nothing changes) with the email and how many it would reach, then the send
 * (POST), which queues one email per person through the outbox. The page itself stays thin.
 */
import { agencyDay } from '../../lib/agency-time.ts';
import { facts } from '../../lib/facts.ts';
import { ALERT_PHASES, alertEmail, readAlertForm, type AlertProblem, type HajjAlert } from '../../lib/hajj/alerts.ts';
import { interestRows, interestSummary, type InterestRow } from '../../lib/hajj/interest-list.ts';
import type { HajjStore, SentAlert } from './store.ts';

/** What the preview shows: the alert, its email as a pilgrim reads it, and whom it reaches. */
export interface AlertPreview {
  alert: HajjAlert;
  subject: string;
  text: string;
  /** Addresses it would reach now. */
  recipients: number;
  /** Addresses it reached before (an alert is never sent twice to anyone). */
  earlier: number;
}

export interface HajjPage {
  rows: InterestRow[];
  summary: string;
  alerts: SentAlert[];
  phases: { value: string; label: string }[];
  /** The form's values as typed, and its problems. */
  typed: { phase: string; date: string };
  problems: AlertProblem[];
  preview?: AlertPreview;
}

/** Why an alert cannot go where no mail server is set up. */
export const NO_EMAIL = 'Phase alerts need the mail server set up (SMTP_URL); nothing was sent.';

/** Where the preview shows the link each email carries, with that person's own token in it. */
const SAMPLE_UNSUBSCRIBE = '(each person’s own one-click unsubscribe link)';

/** The page: the list, and the alert's preview when the address asks for one (`?phase=…&date=…`). */
export async function hajjPage(
  store: HajjStore,
  url: URL,
  siteUrl: string,
  now: Date,
  timeZone: string,
): Promise<HajjPage> {
  const entries = await store.list();
  const base = {
    rows: interestRows(entries, timeZone),
    summary: interestSummary(entries, await store.recipientCount()),
    alerts: await store.alerts(),
    phases: Object.entries(ALERT_PHASES).map(([value, phase]) => ({ value, label: phase.label })),
  };
  const asked = url.searchParams.has('phase');
  const typed = { phase: url.searchParams.get('phase') ?? '', date: url.searchParams.get('date') ?? '' };
  if (!asked) return { ...base, typed, problems: [] };
  const read = readAlertForm(url.searchParams, facts.hajj.steps, agencyDay(now, timeZone));
  if (!read.ok) return { ...base, typed, problems: read.problems };
  const { alert } = read;
  const words = alertEmail(alert, {
    steps: facts.hajj.steps,
    nusukRule: facts.hajj.nusuk.text,
    siteUrl,
    unsubscribeUrl: SAMPLE_UNSUBSCRIBE,
  });
  const preview = {
    alert,
    ...words,
    recipients: await store.recipientCount(alert),
    earlier: await store.reachedCount(alert),
  };
  return { ...base, typed: { phase: alert.phase, date: alert.date ?? '' }, problems: [], preview };
}

/** The send's outcome: where to go next, or a refusal with its status. */
export type HajjPosted = { redirect: string } | { status: 403 | 400; message: string };

/** An owner's confirmed send: the alert read again (a changed fact or a passed day refuses it), then queued. */
export async function hajjPost(
  store: HajjStore,
  form: FormData,
  staff: { email: string; role: string },
  now: Date,
  options: { timeZone: string; emailsOn: boolean },
): Promise<HajjPosted> {
  const { timeZone, emailsOn } = options;
  if (staff.role !== 'owner') return { status: 403, message: 'Only an owner can send a phase alert.' };
  if (!emailsOn) return { status: 400, message: NO_EMAIL };
  const read = readAlertForm(form, facts.hajj.steps, agencyDay(now, timeZone));
  if (!read.ok) return { status: 400, message: read.problems.map((problem) => problem.message).join(' ') };
  const sent = await store.sendAlert(read.alert, staff.email, now);
  return { redirect: `/admin/hajj?queued=${sent.queued}&earlier=${sent.earlier}#alerts-heading` };
}
