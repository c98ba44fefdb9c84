import { stringify } from 'csv-stringify/sync';
import { FORMS, findForm, wireNames } from '../../lib/forms/definitions.ts';
import type { StoredLead } from './store.ts';

const META_COLUMNS = ['id', 'reference', 'received_at', 'form_id', 'page_url', 'user_agent'] as const;

/**
 * Columns for an export: the lead's details, then the fields of `formId` in form order, or of every
 * form (each name once) when no form is chosen. The same forms give the same columns, whatever the data.
 */
export function csvColumns(formId?: string): string[] {
  const forms = formId ? [findForm(formId)].filter((form) => form !== undefined) : Object.values(FORMS);
  return [...META_COLUMNS, ...new Set(forms.flatMap(wireNames))];
}

/**
 * Leads as CSV (RFC 4180, with a header row). A cell that a spreadsheet would run as a formula
 * gets a leading apostrophe: visitors type these fields.
 */
export function leadsCsv(leads: readonly StoredLead[], formId?: string): string {
  const columns = csvColumns(formId);
  const rows = leads.map((lead) => {
    const meta: Record<string, string> = {
      id: lead.id,
      reference: lead.reference,
      received_at: lead.receivedAt,
      form_id: lead.formId,
      page_url: lead.pageUrl ?? '',
      user_agent: lead.userAgent ?? '',
    };
    return columns.map((column) => defuse(meta[column] ?? lead.fields[column] ?? ''));
  });
  return stringify([columns, ...rows]);
}

function defuse(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
