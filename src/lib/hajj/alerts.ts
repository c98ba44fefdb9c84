/**
 * The phase alerts an owner sends to the Hajj interest list: which Nusuk Hajj step it announces, the
 * day where the step has one, and the words of its email. Dates the facts hold (`facts.hajj.steps`)
 * are the alert's dates, so the pages and the alerts never disagree; a day the facts do not hold yet
 * is the owner's to give, from Nusuk Hajj's own announcement.
 */
import { signatureLines, talkToUsLines } from '../agency-email.ts';
import type { FactsSettings } from '../facts-schema.ts';
import { formatDayRange } from '../seasons.ts';
import type { HistoryActionKind } from '../pipeline/history.ts';

type Steps = FactsSettings['facts']['hajj']['steps'];
type StepName = 'registration' | 'packageChoice' | 'paymentDeadline';

/** The steps an alert can announce, in the order Nusuk Hajj opens them. */
export const ALERT_PHASES = {
  registration: { label: 'Registration is open on Nusuk Hajj', step: 'registration', needsDate: false },
  'package-choice': { label: 'The package-choice phase opens on …', step: 'packageChoice', needsDate: true },
  'payment-deadline': { label: 'The payment deadline is …', step: 'paymentDeadline', needsDate: true },
} as const satisfies Record<string, { label: string; step: StepName; needsDate: boolean }>;

export type AlertPhase = keyof typeof ALERT_PHASES;

/** One alert: the season, the step and its day (null for registration, which is open as it is sent). */
export interface HajjAlert {
  hijriYear: number;
  phase: AlertPhase;
  date: string | null;
}

/** A problem with the owner's alert form, tied to its field. */
export interface AlertProblem {
  field: 'phase' | 'date';
  message: string;
}

/** What makes an alert once per person: the season, the step and its day, e.g. `1448:payment-deadline:2027-03-01`. */
export function alertKey(alert: HajjAlert): string {
  return [alert.hijriYear, alert.phase, ...(alert.date ? [alert.date] : [])].join(':');
}

/** The alert a key names, or undefined for a key this code never made. */
export function alertFromKey(key: string): HajjAlert | undefined {
  const [year, phase, date, ...rest] = key.split(':');
  if (rest.length > 0 || !isPhase(phase ?? '') || !/^\d{4}$/.test(year ?? '')) return undefined;
  const needsDate = ALERT_PHASES[phase as AlertPhase].needsDate;
  if (needsDate !== (date !== undefined) || (date !== undefined && !isCalendarDay(date))) return undefined;
  return { hijriYear: Number(year), phase: phase as AlertPhase, date: date ?? null };
}

function isPhase(value: string): value is AlertPhase {
  return Object.hasOwn(ALERT_PHASES, value);
}

function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The coming season's step as the facts hold it, or undefined until it is announced. */
function announced(steps: Steps, phase: AlertPhase) {
  return steps.coming[ALERT_PHASES[phase].step];
}

/**
 * Reads the owner's alert form for the coming season: the step, and its day where it needs one
 * (the facts' day when they hold one; a day the facts contradict, or one already past, is refused).
 */
export function readAlertForm(
  values: { get(name: string): unknown },
  steps: Steps,
  today: string,
): { ok: true; alert: HajjAlert } | { ok: false; problems: AlertProblem[]; phase: string; date: string } {
  const text = (name: string) => {
    const value = values.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const phase = text('phase');
  const typed = text('date');
  const refuse = (problem: AlertProblem) => ({ ok: false as const, problems: [problem], phase, date: typed });
  if (!isPhase(phase)) return refuse({ field: 'phase', message: 'Choose which Nusuk Hajj step the alert announces.' });
  const hijriYear = steps.coming.hijriYear;
  if (!ALERT_PHASES[phase].needsDate) return { ok: true, alert: { hijriYear, phase, date: null } };
  const fact = announced(steps, phase);
  if (typed !== '' && !isCalendarDay(typed)) {
    return refuse({ field: 'date', message: `"${typed}" is not a date; give it as YYYY-MM-DD, e.g. 2027-01-12.` });
  }
  if (fact && typed !== '' && typed !== fact.on) {
    return refuse({
      field: 'date',
      message: `The facts give ${formatDayRange(fact.on)} (${fact.sourceName}). Leave the date empty to use it, or correct the fact in src/lib/facts.ts if Nusuk Hajj has announced another day.`,
    });
  }
  const date = typed || fact?.on;
  if (!date) {
    return refuse({ field: 'date', message: 'Give the day Nusuk Hajj announced for this step, as YYYY-MM-DD.' });
  }
  if (date < today) {
    return refuse({ field: 'date', message: `${formatDayRange(date)} has passed; an alert announces a day to come.` });
  }
  return { ok: true, alert: { hijriYear, phase, date } };
}

/** The alert's subject: "Hajj 1448: the payment deadline is 1 March 2027". */
export function alertSubject(alert: HajjAlert): string {
  const day = alert.date ? formatDayRange(alert.date) : '';
  const what = {
    registration: 'registration is open on Nusuk Hajj',
    'package-choice': `the package-choice phase opens on Nusuk Hajj on ${day}`,
    'payment-deadline': `the payment deadline on Nusuk Hajj is ${day}`,
  }[alert.phase];
  return `Hajj ${alert.hijriYear}: ${what}`;
}

/** Where the alert's news comes from: the facts' source for the step, or Nusuk Hajj itself. */
function sourceLine(alert: HajjAlert, steps: Steps): string {
  const fact = alert.hijriYear === steps.coming.hijriYear ? announced(steps, alert.phase) : undefined;
  return fact
    ? `As announced by the Ministry of Hajj and Umrah and reported by ${fact.sourceName}: ${fact.source}`
    : 'Check the day on hajj.nusuk.sa itself: Nusuk Hajj can change it, and its own announcement is the one that counts.';
}

/** The last season's days, for a family planning ahead: "registration opened by 8 November 2025 …". */
function lastSeasonLine(steps: Steps): string | undefined {
  const { last } = steps;
  const said = [
    last.registration && `registration was open by ${formatDayRange(last.registration.on)}`,
    last.packageChoice && `the package choice by ${formatDayRange(last.packageChoice.on)}`,
    last.paymentDeadline && `payment was due by ${formatDayRange(last.paymentDeadline.on)}`,
  ].filter(Boolean);
  return said.length > 0 ? `Last season (${last.hijriYear} AH), ${said.join(' and ')}.` : undefined;
}

/**
 * The alert's email, words only: what opened or falls due, what to do now, that booking and payment
 * happen only on Nusuk Hajj, how to reach us, and the one-click unsubscribe link.
 */
export function alertEmail(
  alert: HajjAlert,
  context: { steps: Steps; nusukRule: string; siteUrl: string; unsubscribeUrl: string },
): { subject: string; text: string } {
  const day = alert.date ? formatDayRange(alert.date) : '';
  const news = {
    registration: `Registration for Hajj ${alert.hijriYear} is open on Nusuk Hajj (hajj.nusuk.sa).`,
    'package-choice': `The package-choice phase for Hajj ${alert.hijriYear} opens on Nusuk Hajj (hajj.nusuk.sa) on ${day}.`,
    'payment-deadline': `The payment deadline for Hajj ${alert.hijriYear} on Nusuk Hajj (hajj.nusuk.sa) is ${day}.`,
  }[alert.phase];
  const todo = {
    registration:
      'What to do now: create your account on hajj.nusuk.sa, complete your profile and add each family member who will travel with you. You do this yourself; we never log in for you.',
    'package-choice':
      'What to do now: check that your Nusuk Hajj account and your family members are complete, and reply to this email if you would like us to help you compare the packages before you choose.',
    'payment-deadline':
      'What to do now: pay for your package on hajj.nusuk.sa before the deadline; a booking not paid in time can be cancelled.',
  }[alert.phase];
  const lastSeason = lastSeasonLine(context.steps);
  const lines = [
    'Assalamu alaikum,',
    '',
    news,
    sourceLine(alert, context.steps),
    ...(lastSeason ? [lastSeason] : []),
    '',
    todo,
    '',
    `Please remember: ${context.nusukRule}.`,
    '',
    ...talkToUsLines(),
    '',
    ...signatureLines(
      context.siteUrl,
      [
        `You get this email because you ticked “Email me about Hajj ${alert.hijriYear}” on a form on ${context.siteUrl}.`,
        `To stop these emails, open this link and press Unsubscribe: ${context.unsubscribeUrl}`,
      ],
      false,
    ),
  ];
  return { subject: alertSubject(alert), text: lines.join('\n') };
}

/** The page where one click unsubscribes, for the email's link and its List-Unsubscribe header. */
export function unsubscribeUrl(siteUrl: string, token: string): string {
  return new URL(`/hajj/unsubscribe?token=${encodeURIComponent(token)}`, siteUrl).href;
}

/** A token as the unsubscribe page accepts it: what `newLinkToken` draws, as the sign-up tokens before schema step 20 were (43 URL-safe characters). */
export function isUnsubscribeToken(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** The Hajj list's history action: a phase alert queued to the person, or their unsubscribe. */
export const HAJJ_HISTORY_ACTIONS: readonly HistoryActionKind[] = [{ action: 'hajj', label: 'Hajj list' }];
