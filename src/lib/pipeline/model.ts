/**
 * The lead's trail in words both the server's trail (src/server/pipeline/trail.ts) and the desk read:
 * where a lead stands (its statuses and their labels), its notes and its history lines. Below every
 * owner that writes the trail, so none of them reaches into the desk for its vocabulary.
 */

export const LEAD_STATUSES = ['new', 'contacted', 'quoted', 'booked', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
/** How the desk, the history and the CSV write each status. */
export const STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  booked: 'Booked',
  lost: 'Lost',
};
/** Statuses a follow-up no longer applies to: "Due today" and "Overdue" leave them out. */
export const CLOSED_STATUSES: readonly LeadStatus[] = ['booked', 'lost'];

/** A lost lead's payments are not chased: they leave "Due today" and "Overdue", as its follow-up does. */
export const UNCHASED_STATUSES: readonly LeadStatus[] = ['lost'];

export interface Note {
  id: number;
  leadId: string;
  author: string;
  createdAt: string;
  body: string;
}

/**
 * What a history line records ("status", "quote", "review"…): an open list, each action registered
 * with its label by the room that writes it (src/lib/history-actions.ts).
 */
export type HistoryAction = string;

export interface HistoryEntry {
  id: number;
  /** Null once the lead is erased: then only the reference, who erased it and when are kept. */
  leadId: string | null;
  reference: string;
  actor: string;
  at: string;
  action: HistoryAction;
  /** In words, e.g. "New → Contacted", "unassigned → amina@agency.example", "2026-12-01". */
  detail: string;
}
