/**
 * The lead desk's contract: staff and their sessions (staff-store.ts), the read side of the list
 * and dashboard (list-store.ts), each lead's place in the pipeline with its notes and history
 * (pipeline-store.ts), privacy requests and retention (privacy-store.ts). The stores run over the
 * lead store's database (`SqlLeadStore.database`), so the desk works alike on the SQLite file and
 * on PostgreSQL. Times are ISO text in UTC. The vocabulary they speak is src/lib/desk/model.ts.
 */
import type { SourceRow } from '../../lib/desk/source-dashboard.ts';
import type {
  DashboardRow,
  DeskFilter,
  DeskLead,
  DeskPage,
  PersonRecord,
  PipelineChange,
  StaffAccount,
  StaffMember,
  StaffRole,
  StaffSession,
} from '../../lib/desk/model.ts';
import type { HistoryEntry, Note } from '../../lib/pipeline/model.ts';

/** Staff accounts and server-side sessions; the session token itself is never stored, only its SHA-256. */
export interface StaffQueries {
  addStaff(account: Omit<StaffAccount, 'id' | 'createdAt'>, now?: Date): Promise<StaffMember>;
  staffByEmail(email: string): Promise<StaffAccount | undefined>;
  staffById(id: string): Promise<StaffMember | undefined>;
  listStaff(): Promise<StaffMember[]>;
  countStaff(): Promise<number>;
  setPassword(staffId: string, passwordHash: string, mustChangePassword: boolean): Promise<void>;
  setRole(staffId: string, role: StaffRole): Promise<void>;
  /** Removes the person, ends every session of theirs and unassigns their leads (recorded in each lead's history). */
  removeStaff(staffId: string, actor: string, now?: Date): Promise<boolean>;
  createSession(
    tokenHash: string,
    staffId: string,
    csrfToken: string,
    expiresAt: number,
    nowMs?: number,
  ): Promise<void>;
  /** The live session for a token hash, or undefined when it expired, was ended or its person was removed. */
  sessionByTokenHash(tokenHash: string, nowMs?: number): Promise<StaffSession | undefined>;
  deleteSession(tokenHash: string): Promise<void>;
  /** Ends every session of one person ("sign out everywhere", a password change, removal). */
  deleteSessionsOf(staffId: string, exceptTokenHash?: string): Promise<number>;
}

/** The desk's read side (list-store.ts): one lead, the list and its CSV, related leads, the dashboard. */
export interface DeskListQueries {
  deskLead(id: string): Promise<DeskLead | undefined>;
  /** Newest first, `limit` from `offset`, with the total matching the filter. */
  listDesk(filter: DeskFilter, offset: number, limit: number): Promise<DeskPage>;
  /** How many leads match the filter: the views' counts and the dashboard's Overdue. */
  countDesk(filter: DeskFilter): Promise<number>;
  /** Every lead matching the filter, newest first, for the CSV. */
  allDesk(filter: DeskFilter): Promise<DeskLead[]>;
  /** Other leads with the same email or phone (digits), newest first. */
  relatedLeads(leadId: string): Promise<DeskLead[]>;
  dashboardRows(sinceIso: string): Promise<DashboardRow[]>;
  /** The leads received since `sinceIso`, summed per first-touch source and landing page (source-store.ts). */
  sourceRows(sinceIso: string): Promise<SourceRow[]>;
}

/** The pipeline (pipeline-store.ts): status, assignee and follow-up changes, notes, history. */
export interface PipelineQueries {
  /** Applies a change as `actor` (a staff email); answers the lead after it, or undefined when it is gone. */
  updatePipeline(leadId: string, change: PipelineChange, actor: string, now?: Date): Promise<DeskLead | undefined>;
  addNote(leadId: string, body: string, actor: string, now?: Date): Promise<Note | undefined>;
  notesOf(leadId: string): Promise<Note[]>;
  historyOf(leadId: string): Promise<HistoryEntry[]>;
}

/** Privacy requests and retention (privacy-store.ts). */
export interface PrivacyQueries {
  /** Every lead whose email (any case) or phone (digits) matches, with its notes, history, deliveries and quotes. */
  findPerson(query: { email?: string | undefined; phone?: string | undefined }): Promise<PersonRecord[]>;
  /**
   * Erases leads for good: their outbox entries and attempts, idempotency keys, notes and history.
   * One history row per lead remains: its reference, `actor` and the time, action `erased`. Their
   * quotes stay under the reference with amounts and dates, the typed name and the note removed.
   */
  eraseLeads(leadIds: readonly string[], actor: string, now?: Date): Promise<number>;
  /** Erases every lead received before `beforeIso` (the nightly retention), as `eraseLeads` does. */
  eraseReceivedBefore(beforeIso: string, actor: string, now?: Date): Promise<number>;
  /** Recent erasures (reference, who, when) for the privacy page. */
  erasures(limit: number): Promise<HistoryEntry[]>;
}
