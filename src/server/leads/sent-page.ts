import { findForm } from '../../lib/forms/definitions.ts';
import type { FormDef } from '../../lib/forms/types.ts';
import type { StoredLead } from '../../lib/leads/model.ts';
import type { LeadStore } from './store.ts';

/** What the confirmation page of a browser's own post shows: its status, the form, and the lead when found. */
export interface SentAnswer {
  status: 200 | 503;
  headers: Record<string, string>;
  form: FormDef | undefined;
  lead: StoredLead | undefined;
}

/**
 * The confirmation for `?lead=` (or a honeypot's `?form=`), or null for the plain 404. The lead is
 * looked up, so the page only ever confirms an enquiry that is in the store; while the store cannot
 * be reached it answers 503 and asks for a reload, rather than failing with a 500.
 */
export async function sentAnswer(store: LeadStore, params: URLSearchParams): Promise<SentAnswer | null> {
  let unavailable = false;
  const lead = params.has('lead')
    ? await store.getLead(params.get('lead') ?? '').catch(() => {
        unavailable = true;
        return undefined;
      })
    : undefined;
  const form = findForm(lead?.formId ?? params.get('form') ?? '');
  if (!form && !unavailable) return null;
  if (unavailable) return { status: 503, headers: { 'Cache-Control': 'no-store', 'Retry-After': '60' }, form, lead };
  return { status: 200, headers: { 'Cache-Control': 'no-store' }, form, lead };
}
