/**
 * The desk's Hajj interest list as its page shows it: one row per sign-up (who, how many, which
 * package style, when, whether they may be emailed) and the figures above it.
 */
import { formatAgencyTime } from '../agency-time.ts';
import { findForm } from '../forms/definitions.ts';
import { visitorEmail, visitorName, visitorPhone } from '../leads/visitor.ts';
import { countOf } from '../format.ts';

/** One sign-up as the store reads it: the lead's own columns and the interest beside it. */
export interface InterestEntry {
  leadId: string;
  reference: string;
  formId: string;
  fields: Record<string, string>;
  pageUrl: string | null;
  receivedAt: string;
  travellers: number | null;
  consentedAt: string | null;
  unsubscribedAt: string | null;
}

export interface InterestRow {
  leadId: string;
  reference: string;
  name: string;
  email: string;
  phone: string;
  people: string;
  style: string;
  signedUp: string;
  consent: string;
  unsubscribed: string;
}

/** The package style a sign-up asked about: its form's Hajj, and the package page when it came from one. */
export function packageStyle(formId: string, pageUrl: string | null): string {
  const style = {
    hajj: 'Hajj (not chosen)',
    'shifting-hajj': 'Shifting Hajj',
    'non-shifting-hajj': 'Non-shifting Hajj',
  }[formId];
  let path = '';
  if (pageUrl && URL.canParse(pageUrl)) path = new URL(pageUrl).pathname;
  const pkg = path.startsWith('/package/') ? ` (${path.slice('/package/'.length)})` : '';
  return `${style ?? findForm(formId)?.placement ?? formId}${pkg}`;
}

/** One row per sign-up, newest first as given, in the agency's time. */
export function interestRows(entries: readonly InterestEntry[], timeZone: string): InterestRow[] {
  return entries.map((entry) => {
    const form = findForm(entry.formId);
    return {
      leadId: entry.leadId,
      reference: entry.reference,
      name: visitorName(form, entry.fields),
      email: visitorEmail(form, entry.fields) ?? '',
      phone: visitorPhone(form, entry.fields),
      people: entry.travellers === null ? 'Not said' : String(entry.travellers),
      style: packageStyle(entry.formId, entry.pageUrl),
      signedUp: formatAgencyTime(entry.receivedAt, timeZone),
      consent: entry.consentedAt ? 'Yes' : 'No',
      unsubscribed: entry.unsubscribedAt ? `Yes, ${formatAgencyTime(entry.unsubscribedAt, timeZone)}` : 'No',
    };
  });
}

/** The list's figures: sign-ups, the people they named, and how many addresses an alert would reach. */
export function interestSummary(entries: readonly InterestEntry[], recipients: number): string {
  const people = entries.reduce((sum, entry) => sum + (entry.travellers ?? 0), 0);
  const unsure = entries.filter((entry) => entry.travellers === null).length;
  return [
    countOf(entries.length, 'sign-up', 'sign-ups'),
    `${countOf(people, 'person', 'people')} named${unsure ? ` (${unsure} not sure yet)` : ''}`,
    `${countOf(recipients, 'address', 'addresses')} that an alert would reach`,
  ].join(' · ');
}
