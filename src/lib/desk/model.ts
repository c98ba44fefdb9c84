/**
 * The lead desk's vocabulary: staff roles, each lead's place in the pipeline, notes, history, the
 * list's filters, the dashboard's rows and a person's records for a privacy request. Pure: the
 * stores (src/server/desk/) keep these, the pages and src/lib/desk/ shape them.
 */
import type { StoredLead } from '../leads/model.ts';
import type { HistoryEntry, LeadStatus, Note } from '../pipeline/model.ts';
import type { Delivery, DeliveryAttempt } from '../outbox/model.ts';

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

/** The longest note and Lost reason the desk keeps: the forms' `maxlength` and the stores' check. */
export const NOTE_MAX_LENGTH = 5_000;
export const LOST_REASON_MAX_LENGTH = 500;

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
  /**
   * With `today` (the agency's `YYYY-MM-DD`): leads due that day, or before it: a follow-up on an
   * open lead, or the first unpaid payment of an accepted quote on a lead not lost (`paymentDueState`).
   */
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
  /** Which lead: its quotes give the time to first quote. */
  id: string;
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
  /**
   * What every other owner holds about the lead (its quotes, travellers, reviews, Hajj interest…),
   * under each owner's key as the export writes it, in the order they registered (src/server/personal-data.ts).
   */
  held: Readonly<Record<string, unknown>>;
}
