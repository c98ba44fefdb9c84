/**
 * The lead desk's contract: staff and their sessions (staff-store.ts), each lead's place in the
 * pipeline with its notes and history (pipeline-store.ts), privacy requests and retention. Both
 * stores run over the lead store's database (`SqlLeadStore.database`), so the desk works alike on
 * the SQLite file and on PostgreSQL. Times are ISO text in UTC; the pages show them in the
 * agency's time zone (src/lib/agency-time.ts).
 */
import type { Delivery, DeliveryAttempt, StoredLead } from '../leads/store.ts';

export const STAFF_ROLES = ['owner', 'agent'] as const;
/** Owners manage staff and privacy requests; agents work leads. Both see and work every lead. */
export type StaffRole = (typeof STAFF_ROLES)[number];

export interface StaffMember {
  id: string;
  /** Lower-cased; what the person signs in with and how notes and history name them. */
  email: string;
  role: StaffRole;
  /** Set by a one-time password (add, reset-password): the next sign-in must choose a new one. */
  mustChangePassword: boolean;
  createdAt: string;
}

export interface StaffAccount extends StaffMember {
  /** An argon2id hash in PHC form: `$argon2id$v=19$m=…,t=…,p=…$salt$hash`. */
  passwordHash: string;
}

/** A signed-in session as the middleware finds it. */
export interface StaffSession {
  staff: StaffMember;
  /** The token every state-changing form of this session carries (hidden field `csrf`). */
  csrfToken: string;
  expiresAt: number;
}

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

/** Where a lead stands with the staff. */
export interface Pipeline {
  status: LeadStatus;
  /** Why a lead was lost; set only with status `lost`. */
  lostReason: string | null;
  assignee: Pick<StaffMember, 'id' | 'email'> | null;
  /** The agency's calendar day to call back on, `YYYY-MM-DD`. */
  followUp: string | null;
  /** When the lead first left `new` for contacted, quoted or booked: the dashboard's response time. */
  firstContactedAt: string | null;
}

export type DeskLead = StoredLead & Pipeline & { lastNote: string | null };

export interface Note {
  id: number;
  leadId: string;
  author: string;
  createdAt: string;
  body: string;
}

export type HistoryAction = 'status' | 'assignee' | 'follow-up' | 'note' | 'erased';

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

/** What the list, the CSV and the bench ask for; every field optional, combined with AND. */
export interface DeskFilter {
  status?: LeadStatus | undefined;
  /** The placements to show (a form group's forms, or one form). */
  formIds?: readonly string[] | undefined;
  /** A staff id, or 'none' for unassigned leads. */
  assignee?: string | undefined;
  /** ISO instants: received at or after `since`, before `until` (the pages turn agency days into instants). */
  since?: string | undefined;
  until?: string | undefined;
  /** Name, email, phone (any punctuation) or reference; case does not matter. */
  search?: string | undefined;
  /** With `today` (the agency's `YYYY-MM-DD`): follow-ups due that day, or before it, on open leads. */
  due?: 'today' | 'overdue' | undefined;
  today?: string | undefined;
}

export interface DeskPage {
  leads: DeskLead[];
  /** How many leads match the filter in all, for "1–50 of 1,234" and the page links. */
  total: number;
}

/** The few columns the dashboard aggregates, one row per lead received since a given time. */
export interface DashboardRow {
  formId: string;
  receivedAt: string;
  status: LeadStatus;
  firstContactedAt: string | null;
  pageUrl: string | null;
}

/** One change to a lead's pipeline; only the fields given change, each recorded in its history. */
export interface PipelineChange {
  status?: LeadStatus;
  lostReason?: string | null;
  assigneeId?: string | null;
  followUp?: string | null;
}

/** Everything held about one person, for a privacy request. */
export interface PersonRecord {
  lead: DeskLead;
  notes: Note[];
  history: HistoryEntry[];
  deliveries: Delivery[];
  /** Every try of those deliveries: a failed one's detail may quote the person's address back. */
  attempts: DeliveryAttempt[];
}

/** The pipeline, notes, history, the list's queries, the dashboard's rows, privacy and retention. */
export interface PipelineQueries {
  deskLead(id: string): Promise<DeskLead | undefined>;
  /** Newest first, `limit` from `offset`, with the total matching the filter. */
  listDesk(filter: DeskFilter, offset: number, limit: number): Promise<DeskPage>;
  /** Every lead matching the filter, newest first, for the CSV. */
  allDesk(filter: DeskFilter): Promise<DeskLead[]>;
  /** Applies a change as `actor` (a staff email); answers the lead after it, or undefined when it is gone. */
  updatePipeline(leadId: string, change: PipelineChange, actor: string, now?: Date): Promise<DeskLead | undefined>;
  addNote(leadId: string, body: string, actor: string, now?: Date): Promise<Note | undefined>;
  notesOf(leadId: string): Promise<Note[]>;
  historyOf(leadId: string): Promise<HistoryEntry[]>;
  /** Other leads with the same email or phone (digits), newest first. */
  relatedLeads(leadId: string): Promise<DeskLead[]>;
  dashboardRows(sinceIso: string): Promise<DashboardRow[]>;
  /** Every lead whose email (any case) or phone (digits) matches, with its notes, history and deliveries. */
  findPerson(query: { email?: string | undefined; phone?: string | undefined }): Promise<PersonRecord[]>;
  /**
   * Erases leads for good: their outbox entries and attempts, idempotency keys, notes and history.
   * One history row per lead remains: its reference, `actor` and the time, action `erased`.
   */
  eraseLeads(leadIds: readonly string[], actor: string, now?: Date): Promise<number>;
  /** Erases every lead received before `beforeIso` (the nightly retention), as `eraseLeads` does. */
  eraseReceivedBefore(beforeIso: string, actor: string, now?: Date): Promise<number>;
  /** Recent erasures (reference, who, when) for the privacy page. */
  erasures(limit: number): Promise<HistoryEntry[]>;
}
