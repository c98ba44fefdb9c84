import { stringify } from 'csv-stringify/sync';
import { ACCOUNT_CSV_COLUMNS, accountCsv } from '../../lib/desk/accounts.ts';
import { type LeadAccount } from '../../lib/quotes/account.ts';
import { FORMS, findForm, wireNames } from '../../lib/forms/definitions.ts';
import { LANGUAGE_INFO } from '../../lib/languages.ts';
import { sourceLabel } from '../../lib/leads/first-touch.ts';
import { type DeskLead } from '../../lib/desk/model.ts';
import { STATUS_LABELS } from '../../lib/pipeline/model.ts';
import type { StoredLead } from '../../lib/leads/model.ts';

/** Where the lead's visit began (first-touch.ts): the source the dashboard counts it under, then each part kept. */
const SOURCE_COLUMNS = ['source', 'landing_page', 'referrer_host', 'utm_source', 'utm_medium', 'utm_campaign'] as const;
const META_COLUMNS = [
  'id',
  'reference',
  'received_at',
  'form_id',
  // The language the enquiry came in, by its English name ("Urdu"): the desk stays in English.
  'language',
  'page_url',
  'user_agent',
  ...SOURCE_COLUMNS,
] as const;
/** Where each lead stands with the staff and its booking: the desk's export adds these after the lead's details. */
const DESK_COLUMNS = [
  'status',
  'lost_reason',
  'assigned_to',
  'follow_up',
  'last_note',
  ...ACCOUNT_CSV_COLUMNS,
] as const;

/** The forms an export covers: one id, several (a group of pages), or every form when none is given. */
function formsOf(formIds?: string | readonly string[]) {
  if (formIds === undefined) return Object.values(FORMS);
  return (typeof formIds === 'string' ? [formIds] : formIds).map(findForm).filter((form) => form !== undefined);
}

/**
 * Columns for an export: the lead's details (with the desk's columns when `desk`), then the fields
 * of the chosen forms in form order, each name once. The same forms give the same columns, whatever the data.
 */
export function csvColumns(formIds?: string | readonly string[], desk = false): string[] {
  return [...META_COLUMNS, ...(desk ? DESK_COLUMNS : []), ...new Set(formsOf(formIds).flatMap(wireNames))];
}

/**
 * Leads as CSV (RFC 4180, with a header row). A cell that a spreadsheet would run as a formula
 * gets a leading apostrophe: visitors and staff type these fields.
 */
export function leadsCsv(leads: readonly StoredLead[], formIds?: string | readonly string[]): string {
  return toCsv(csvColumns(formIds), leads, () => ({}));
}

/**
 * The desk's export: every column of `leadsCsv` plus status, lost reason, assignee, follow-up, the
 * last note and the booking (quote total, the office's day it was accepted, paid, balance).
 */
export function deskCsv(
  leads: readonly DeskLead[],
  formIds: string | readonly string[] | undefined,
  accounts: { bookings: ReadonlyMap<string, LeadAccount>; timeZone: string },
): string {
  return toCsv(csvColumns(formIds, true), leads, (lead) => ({
    status: STATUS_LABELS[lead.status],
    lost_reason: lead.lostReason ?? '',
    assigned_to: lead.assignee?.email ?? '',
    follow_up: lead.followUp ?? '',
    last_note: lead.lastNote ?? '',
    ...accountCsv(accounts.bookings.get(lead.id), accounts.timeZone),
  }));
}

function toCsv<Lead extends StoredLead>(
  columns: string[],
  leads: readonly Lead[],
  extra: (lead: Lead) => Record<string, string>,
): string {
  const rows = leads.map((lead) => {
    const meta: Record<string, string> = {
      id: lead.id,
      reference: lead.reference,
      received_at: lead.receivedAt,
      form_id: lead.formId,
      language: LANGUAGE_INFO[lead.language].englishName,
      page_url: lead.pageUrl ?? '',
      user_agent: lead.userAgent ?? '',
      source: sourceLabel(lead.firstTouch),
      landing_page: lead.firstTouch.landingPath ?? '',
      referrer_host: lead.firstTouch.referrerHost ?? '',
      utm_source: lead.firstTouch.utmSource ?? '',
      utm_medium: lead.firstTouch.utmMedium ?? '',
      utm_campaign: lead.firstTouch.utmCampaign ?? '',
      ...extra(lead),
    };
    return columns.map((column) => defuse(meta[column] ?? lead.fields[column] ?? ''));
  });
  return stringify([columns, ...rows]);
}

function defuse(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
