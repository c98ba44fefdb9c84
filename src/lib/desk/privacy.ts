/**
 * A privacy request as the owner's page handles it: who is asked about (an email address, a phone
 * number, or both), the leads found as rows of the results table, the export of everything held,
 * and the message after an erasure.
 */
import { LANGUAGE_INFO } from '../languages.ts';
import { formatAgencyTime } from '../agency-time.ts';
import { findForm } from '../forms/definitions.ts';
import { countOf } from '../format.ts';
import { EMAIL_MAX_LENGTH, PHONE_MAX_LENGTH } from '../forms/constants.ts';
import { REFERENCE_PATTERN } from '../leads/reference.ts';
import { PERSON_PHONE_MIN_DIGITS, phoneDigits } from '../phone.ts';
import { visitorName } from '../leads/visitor.ts';
import type { OutboxMessage } from '../outbox/model.ts';
import { type PersonRecord } from './model.ts';
import { STATUS_LABELS } from '../pipeline/model.ts';

export interface PersonQuery {
  email: string;
  phone: string;
}

/** The query read from the form (GET or POST), trimmed, with what is wrong with it in words. */
export function readPersonQuery(values: { get(name: string): unknown }): { query: PersonQuery; problems: string[] } {
  const text = (name: string) => {
    const value = values.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const query = { email: text('email'), phone: text('phone') };
  const problems: string[] = [];
  if (query.email !== '' && (query.email.length > EMAIL_MAX_LENGTH || !/^[^\s@]+@[^\s@]+$/.test(query.email)))
    problems.push('Enter the email address in full, like name@example.com.');
  if (
    query.phone !== '' &&
    (query.phone.length > PHONE_MAX_LENGTH || phoneDigits(query.phone).length < PERSON_PHONE_MIN_DIGITS)
  )
    problems.push(`Enter the phone number with at least ${PERSON_PHONE_MIN_DIGITS} digits.`);
  return { query, problems };
}

/**
 * Every lead held about the person, by their email or their number however it is written (the
 * store compares numbers as `phoneDigits` writes them, a US number with or without +1 alike), newest first.
 */
export function findPersonRecords(
  desk: { findPerson(query: { email?: string | undefined; phone?: string | undefined }): Promise<PersonRecord[]> },
  query: PersonQuery,
): Promise<PersonRecord[]> {
  return desk.findPerson({ email: query.email || undefined, phone: query.phone || undefined });
}

/** True when the query names someone to look for. */
export function isAsked(query: PersonQuery): boolean {
  return query.email !== '' || query.phone !== '';
}

/** The query as URL parameters, leaving out what is empty. */
export function personParams(query: PersonQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (query.email) params.set('email', query.email);
  if (query.phone) params.set('phone', query.phone);
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return params.toString();
}

/** "alice@example.com or (713) 555-0123": who the request is about, as the page writes it. */
export function personInWords(query: PersonQuery): string {
  return [query.email, query.phone].filter(Boolean).join(' or ');
}

export interface PersonRow {
  id: string;
  reference: string;
  received: string;
  page: string;
  name: string;
  status: string;
  notes: number;
  deliveries: number;
}

/** One row of the results table per lead found. */
export function personRows(records: readonly PersonRecord[], timeZone: string): PersonRow[] {
  return records.map(({ lead, notes, deliveries }) => {
    const form = findForm(lead.formId);
    return {
      id: lead.id,
      reference: lead.reference,
      received: formatAgencyTime(lead.receivedAt, timeZone),
      page: form?.placement ?? lead.formId,
      name: visitorName(form, lead.fields),
      status: STATUS_LABELS[lead.status],
      notes: notes.length,
      deliveries: deliveries.length,
    };
  });
}

/** The lead's own parts of the export: the enquiry, its place in the pipeline, notes, history and deliveries. */
function exportedLead(
  { lead, notes, history, deliveries, attempts }: PersonRecord,
  messageLabel: (message: OutboxMessage) => string,
) {
  return {
    reference: lead.reference,
    receivedAt: lead.receivedAt,
    page: findForm(lead.formId)?.placement ?? lead.formId,
    formId: lead.formId,
    // The language the enquiry came in, as the lead keeps it.
    language: LANGUAGE_INFO[lead.language].englishName,
    pageUrl: lead.pageUrl,
    userAgent: lead.userAgent,
    // How the visit began (first-touch.ts), as the privacy policy says the copy holds.
    firstTouch: lead.firstTouch,
    fields: lead.fields,
    pipeline: {
      status: STATUS_LABELS[lead.status],
      lostReason: lead.lostReason,
      assignee: lead.assignee?.email ?? null,
      followUp: lead.followUp,
      firstContactedAt: lead.firstContactedAt,
    },
    notes: notes.map((note) => ({ author: note.author, createdAt: note.createdAt, body: note.body })),
    history: history.map((entry) => ({
      at: entry.at,
      actor: entry.actor,
      action: entry.action,
      detail: entry.detail,
    })),
    deliveries: deliveries.map((delivery) => ({
      channel: delivery.channel,
      // What a queued message was, in the desk's words; its facts are in the quotes below.
      ...(delivery.message ? { message: messageLabel(delivery.message) } : {}),
      destination: delivery.destination,
      status: delivery.status,
      attempts: delivery.attempts,
      lastError: delivery.lastError,
      deliveredAt: delivery.deliveredAt,
      tries: attempts
        .filter((attempt) => attempt.deliveryId === delivery.id)
        .map(({ attemptedAt, ok, detail, durationMs }) => ({ attemptedAt, ok, detail, durationMs })),
    })),
  };
}

/** One lead in the person's export: the lead's own parts, then each owner's under its key. */
type ExportedLead = ReturnType<typeof exportedLead> & { readonly [owner: string]: unknown };

/** Everything held about the person, as the JSON document they are sent; `messageLabel` names a queued message (the outbox's registry). */
export function personExport(
  records: readonly PersonRecord[],
  query: PersonQuery,
  now: Date,
  messageLabel: (message: OutboxMessage) => string,
): { request: { email: string | null; phone: string | null }; exportedAt: string; leads: ExportedLead[] } {
  return {
    request: { email: query.email || null, phone: query.phone || null },
    exportedAt: now.toISOString(),
    // Each lead's own parts, then what every other owner holds under its key, each as it writes it
    // (src/server/personal-data.ts): the Hajj interest, the quotes, the reminders off, the travellers, the reviews.
    leads: records.map((record) => ({ ...exportedLead(record, messageLabel), ...record.held })),
  };
}

/** The references an erasure reports back (only well-formed ones: the message is built from the URL). */
export function erasedReferences(value: string | null): string[] {
  return (value ?? '').split(',').filter((reference) => REFERENCE_PATTERN.test(reference));
}

/** "1 enquiry", "3 enquiries". */
export function enquiries(count: number): string {
  return countOf(count, 'enquiry', 'enquiries');
}
