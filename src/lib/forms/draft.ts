import type { LeadFields } from './constants.ts';

/**
 * A visitor's unsent entries, kept in sessionStorage per form and page until the enquiry is
 * accepted, so a reload or a visit to another page loses nothing. Storage can be missing or
 * full (private windows, quotas): then nothing is kept and nothing breaks.
 */

/** The sessionStorage key of one form's unsent entries on one page. */
export function draftKey(formId: string, pagePath: string): string {
  return `enquiry-draft:${formId}:${pagePath}`;
}

/** The entries kept under `key`, or null when there are none (or storage is unavailable). */
export function readDraft(key: string): LeadFields | null {
  try {
    const raw = sessionStorage.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!parsed || typeof parsed !== 'object') return null;
    return Object.fromEntries(Object.entries(parsed).filter((entry) => typeof entry[1] === 'string')) as LeadFields;
  } catch {
    return null;
  }
}

/** Keeps the entries under `key`; a full or blocked storage is ignored. */
export function saveDraft(key: string, fields: LeadFields): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(fields));
  } catch {
    // Nothing to do: the form itself still holds the values.
  }
}

/** Forgets the entries once the enquiry is accepted. */
export function clearDraft(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Storage unavailable: there was nothing kept.
  }
}
