/*
 * The morning digest and the first-contact alert, registered with the outbox as its kinds
 * (DIGEST_KIND, FIRST_CONTACT_ALERT_KIND) and queued by the delivery worker's scheduled work
 * (`deskSchedule`, handed to it by main.ts) every minute, under a lease so one instance at a time does the work; what makes each email once is
 * the database, not the lease: a digest is queued in the transaction that claims its member's office
 * day in digest_days (the key refuses a second claim), an alert in the transaction that sets its
 * lead's first_contact_alerted_at from empty. Both go through the outbox, retried like every email.
 *
 * A digest's outbox row names only the member and the day; the worker writes it out when it sends
 * it (`compose`), from the desk as it is then, so an enquiry erased or dealt with in between is not
 * in it, and an erasure has no copy of a person's details to chase in the outbox.
 */
import { accountsOfLeads } from '../quotes/accounts.ts';
import { addDays, agencyDay, agencyHour } from '../../lib/agency-time.ts';
import { UNCHASED_STATUSES } from '../../lib/pipeline/model.ts';
import {
  BALANCES_WITHIN_DAYS,
  EXPIRING_WITHIN_DAYS,
  SECTION_LIMIT,
  digestEmail,
  digestFor,
  digestIsEmpty,
  firstContactAlertEmail,
  type DigestFacts,
  type DigestLead,
  type DigestMember,
  type DigestMessage,
  type FirstContactAlertMessage,
} from '../../lib/desk/digest.ts';
import { CLOSED_STATUSES, LEAD_STATUSES } from '../../lib/pipeline/model.ts';
import { openingOf, waitedOfficeHours, type OpeningRow } from '../../lib/desk/office-hours.ts';
import { findForm } from '../../lib/forms/definitions.ts';
import { countOf } from '../../lib/format.ts';
import { visitorName } from '../../lib/leads/visitor.ts';
import { placeholders, type SqlDatabase, type SqlStatements } from '../db/database.ts';
import { agencyContact } from '../../lib/site-contact.ts';
import type { Delivery } from '../../lib/outbox/model.ts';
import { messageKind } from '../outbox/kinds.ts';
import { composedMail, type MailMessage } from '../outbox/mail.ts';
import { queueMessage, queueMessageRow } from '../outbox/queue.ts';
import type { ScheduledWork } from '../outbox/worker.ts';
import { LEASE_MS, leasedSchedule, type LeasedSchedule } from '../outbox/schedule.ts';
import { NOT_READY_WITHIN_DAYS, departureWindow, notReadyDepartures } from '../../lib/trips/departures.ts';
import { departingBookings } from '../trips/departures.ts';
import { tripRules } from '../trips/rules.ts';
import { recordHistory } from '../pipeline/trail.ts';

/** The digest's and alert's settings: `DIGEST_HOUR`, `FIRST_CONTACT_TARGET_HOURS` and the site settings' office. */
export interface DigestSettings {
  /** The office hour from which the digests go; undefined sends none. */
  digestHour: number | undefined;
  /** Office hours an enquiry may stay New before the owners hear of it; undefined sends no alert. */
  targetHours: number | undefined;
  siteUrl: string;
  timeZone: string;
  hours: readonly OpeningRow[];
}

const LEASE_NAME = 'desk-digest-and-alerts';
/** How often the worker looks whether a digest or an alert is due: the digest's hour is kept to the minute. */
const SCHEDULED_EVERY_MS = 60_000;
/** Enquiries older than this are the digest's business, not an alert's (no flood after a long outage or at first start). */
const ALERT_LOOKBACK_MS = 7 * 24 * 60 * 60_000;
const OPEN_STATUSES = LEAD_STATUSES.filter((status) => !CLOSED_STATUSES.includes(status));

interface LeadLineRow {
  id: string;
  reference: string;
  form_id: string;
  fields: string;
  assignee_id: string | null;
  assignee_email: string | null;
}

/** What every digest line says of its enquiry: the reference, the pilgrim's name, who has it. */
function digestLead(row: LeadLineRow): DigestLead {
  const fields = JSON.parse(row.fields) as Record<string, string>;
  return {
    leadId: row.id,
    reference: row.reference,
    name: visitorName(findForm(row.form_id), fields),
    assigneeId: row.assignee_id,
    assigneeEmail: row.assignee_email,
  };
}

const LEAD_LINE = `leads.id, leads.reference, leads.form_id, leads.fields, leads.assignee_id,
  staff.email AS assignee_email`;
const WITH_ASSIGNEE = 'FROM leads LEFT JOIN staff ON staff.id = leads.assignee_id';

/**
 * The desk's facts for the office day `today`: for every member at once (the scheduler, a handful of
 * statements whatever the staff), or as much as `member`'s digest needs (an agent's own enquiries;
 * an owner's own and unassigned ones, and everyone's follow-ups and payments for the team's overdue).
 * The unassigned enquiries are read only as far as an email lists them, with their count.
 */
export async function digestFacts(db: SqlStatements, today: string, member?: DigestMember): Promise<DigestFacts> {
  const agent = member?.role === 'agent' ? member.id : undefined;
  const [ownCondition, ownParams] =
    member === undefined
      ? ['', []]
      : agent !== undefined
        ? ['AND leads.assignee_id = ?', [agent]]
        : ['AND (leads.assignee_id = ? OR leads.assignee_id IS NULL)', [member.id]];
  const [agentCondition, agentParams] = agent === undefined ? ['', []] : ['AND leads.assignee_id = ?', [agent]];
  const followUps = await db.all<LeadLineRow & { follow_up: string }>(
    `SELECT ${LEAD_LINE}, leads.follow_up ${WITH_ASSIGNEE}
     WHERE leads.status IN (${placeholders(OPEN_STATUSES)}) AND leads.follow_up <= ? ${agentCondition}
     ORDER BY leads.follow_up, leads.seq`,
    [...OPEN_STATUSES, today, ...agentParams],
  );
  const unassigned = await db.all<LeadLineRow & { received_at: string }>(
    `SELECT ${LEAD_LINE}, leads.received_at ${WITH_ASSIGNEE}
     WHERE leads.status = 'new' AND leads.assignee_id IS NULL ORDER BY leads.seq LIMIT ?`,
    [SECTION_LIMIT],
  );
  const [unassignedCount] = await db.all<{ total: number | string }>(
    "SELECT COUNT(*) AS total FROM leads WHERE status = 'new' AND assignee_id IS NULL",
  );
  // The version on offer is the newest sent; a quote answered or withdrawn expires to no one.
  const expiring = await db.all<LeadLineRow & { valid_until: string; total_cents: number | string }>(
    `SELECT ${LEAD_LINE}, offered.valid_until, offered.total_cents
     FROM quote_versions offered JOIN quotes ON quotes.id = offered.quote_id
     JOIN leads ON leads.id = quotes.lead_id LEFT JOIN staff ON staff.id = leads.assignee_id
     WHERE offered.sent_at IS NOT NULL AND offered.valid_until >= ? AND offered.valid_until <= ?
       AND offered.version = (SELECT MAX(sent.version) FROM quote_versions sent
                              WHERE sent.quote_id = offered.quote_id AND sent.sent_at IS NOT NULL)
       AND quotes.withdrawn_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM quote_acceptances acc WHERE acc.quote_id = quotes.id)
       AND NOT EXISTS (SELECT 1 FROM quote_declines declined WHERE declined.quote_id = quotes.id)
       AND leads.status IN (${placeholders(OPEN_STATUSES)}) ${ownCondition}
     ORDER BY offered.valid_until, leads.seq`,
    [today, addDays(today, EXPIRING_WITHIN_DAYS), ...OPEN_STATUSES, ...ownParams],
  );
  return {
    today,
    followUps: followUps.map((row) => ({ ...digestLead(row), followUp: row.follow_up })),
    unassigned: unassigned.map((row) => ({ ...digestLead(row), formId: row.form_id, receivedAt: row.received_at })),
    unassignedTotal: Number(unassignedCount?.total ?? 0),
    expiring: expiring.map((row) => ({
      ...digestLead(row),
      validUntil: row.valid_until,
      totalCents: Number(row.total_cents),
    })),
    balances: await balancesDue(db, today, agent),
    departures: await departuresNotReady(db, today),
  };
}

/** Bookings departing within `NOT_READY_WITHIN_DAYS` whose travellers are not all added and ready, soonest first. */
async function departuresNotReady(db: SqlStatements, today: string): Promise<DigestFacts['departures']> {
  const { from, to } = departureWindow(today, NOT_READY_WITHIN_DAYS);
  const { bookings, travellers } = await departingBookings(db, from, to);
  return notReadyDepartures(bookings, travellers, today, tripRules());
}

/** Bookings whose first unpaid payment is due by the end of this week (or is overdue), soonest first. */
async function balancesDue(db: SqlStatements, today: string, assigneeId?: string): Promise<DigestFacts['balances']> {
  const weekEnd = addDays(today, BALANCES_WITHIN_DAYS);
  // Only bookings owing something due by then; accountOf then says which payment and how much.
  const owing = await db.all<{ lead_id: string }>(
    `SELECT DISTINCT quotes.lead_id FROM quote_acceptances acc
     JOIN quotes ON quotes.id = acc.quote_id
     JOIN quote_dues due ON due.quote_id = acc.quote_id AND due.version = acc.version
     JOIN leads ON leads.id = quotes.lead_id
     WHERE due.due_on <= ? AND leads.status NOT IN (${placeholders(UNCHASED_STATUSES)})
       ${assigneeId === undefined ? '' : 'AND leads.assignee_id = ?'}
     GROUP BY acc.quote_id, quotes.lead_id
     HAVING SUM(due.amount_cents) >
       COALESCE((SELECT SUM(paid.amount_cents) FROM quote_payments paid WHERE paid.quote_id = acc.quote_id), 0)`,
    [weekEnd, ...UNCHASED_STATUSES, ...(assigneeId === undefined ? [] : [assigneeId])],
  );
  const ids = owing.map((row) => row.lead_id);
  if (ids.length === 0) return [];
  const accounts = await accountsOfLeads(db, ids, today);
  const leads = await db.all<LeadLineRow>(
    `SELECT ${LEAD_LINE} ${WITH_ASSIGNEE} WHERE leads.id IN (${placeholders(ids)})`,
    ids,
  );
  return leads
    .flatMap((row) => {
      const next = accounts.get(row.id)?.account.nextDue;
      if (!next || next.dueOn > weekEnd) return [];
      return [{ ...digestLead(row), label: next.label, dueOn: next.dueOn, outstandingCents: next.outstandingCents }];
    })
    .sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.reference.localeCompare(b.reference));
}

/** Staff who can receive email: the first owner's user name `owner` is not an address. */
const MAILABLE = "email LIKE '%@%'";

/** Queues the digests and alerts that are due, and writes a digest out when the worker sends it. */
export class DigestScheduler {
  private readonly db: SqlDatabase;
  private readonly settings: DigestSettings;
  /** The digests and alerts due at each pass, on the instance that holds the lease. */
  readonly schedule: LeasedSchedule<{ digests: number; alerts: number }>;

  constructor(db: SqlDatabase, settings: DigestSettings, holder?: string) {
    this.db = db;
    this.settings = settings;
    this.schedule = leasedSchedule({
      database: db,
      name: LEASE_NAME,
      everyMs: SCHEDULED_EVERY_MS,
      leaseMs: LEASE_MS,
      holder,
      run: async (now) => ({ digests: await this.queueDigests(now), alerts: await this.queueAlerts(now) }),
    });
  }

  /**
   * From the digest hour of a day the office opens, claims that day for each member not yet done and
   * queues their digest when it has something to say; answers how many were queued.
   */
  async queueDigests(now: Date): Promise<number> {
    const { digestHour, timeZone, hours } = this.settings;
    const today = agencyDay(now, timeZone);
    if (digestHour === undefined || !openingOf(today, hours, timeZone) || agencyHour(now, timeZone) < digestHour) {
      return 0;
    }
    const waiting = await this.db.all<DigestMember>(
      `SELECT id, email, role FROM staff WHERE ${MAILABLE}
       AND id NOT IN (SELECT staff_id FROM digest_days WHERE day = ?) ORDER BY email`,
      [today],
    );
    if (waiting.length === 0) return 0;
    const facts = await digestFacts(this.db, today);
    let queued = 0;
    for (const member of waiting) {
      const empty = digestIsEmpty(digestFor(member, facts));
      const sent = await this.db.transaction(async (tx) => {
        const claimed = await tx.run(
          'INSERT INTO digest_days (staff_id, day, claimed_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
          [member.id, today, now.toISOString()],
        );
        // Claimed elsewhere already, or nothing to say: the day is done for this member either way.
        if (claimed === 0 || empty) return false;
        const outboxId = await queueMessageRow<DigestMessage>(
          tx,
          {
            leadId: null,
            destination: member.email,
            key: `digest:${today}:${member.id}`,
            message: { kind: 'digest', staffId: member.id, day: today },
          },
          now,
        );
        await tx.run('UPDATE digest_days SET outbox_id = ? WHERE staff_id = ? AND day = ?', [
          outboxId ?? null,
          member.id,
          today,
        ]);
        return true;
      });
      if (sent) queued += 1;
    }
    return queued;
  }

  /** Emails the owners once about each enquiry still New past the target in office hours; answers how many enquiries. */
  async queueAlerts(now: Date): Promise<number> {
    const { targetHours, timeZone, hours } = this.settings;
    if (targetHours === undefined) return 0;
    const owners = await this.db.all<{ email: string }>(
      `SELECT email FROM staff WHERE role = 'owner' AND ${MAILABLE} ORDER BY email`,
    );
    if (owners.length === 0) return 0;
    // Office hours never run faster than the clock: nothing received in the last `targetHours` can be due.
    const candidates = await this.db.all<{ id: string; reference: string; form_id: string; received_at: string }>(
      `SELECT id, reference, form_id, received_at FROM leads
       WHERE status = 'new' AND first_contact_alerted_at IS NULL AND received_at >= ? AND received_at <= ?
       ORDER BY received_at`,
      [
        new Date(now.getTime() - ALERT_LOOKBACK_MS).toISOString(),
        new Date(now.getTime() - targetHours * 3_600_000).toISOString(),
      ],
    );
    let alerted = 0;
    for (const lead of candidates) {
      if (!waitedOfficeHours(new Date(lead.received_at), now, targetHours, hours, timeZone)) continue;
      const message: FirstContactAlertMessage = {
        kind: 'first-contact-alert',
        reference: lead.reference,
        formId: lead.form_id,
        receivedAt: lead.received_at,
        targetHours,
      };
      const claimed = await this.db.transaction(async (tx) => {
        const changed = await tx.run(
          `UPDATE leads SET first_contact_alerted_at = ?
           WHERE id = ? AND status = 'new' AND first_contact_alerted_at IS NULL`,
          [now.toISOString(), lead.id],
        );
        if (changed === 0) return false;
        for (const { email } of owners) {
          await queueMessage(tx, { leadId: lead.id, destination: email, key: 'first-contact-alert', message }, now);
        }
        await recordHistory(tx, lead, {
          actor: 'the desk',
          at: now.toISOString(),
          action: 'alert',
          detail: `Still New after ${countOf(targetHours, 'office hour')}: the owners were emailed (${owners.map((owner) => owner.email).join(', ')})`,
        });
        return true;
      });
      if (claimed) alerted += 1;
    }
    return alerted;
  }
}

/**
 * The digest an outbox row stands for, written out from the desk as it is now; null when there is
 * nothing left to say (all dealt with, the member gone, or the day over: the next one says it).
 */
async function composeDigest(
  db: SqlDatabase,
  delivery: Delivery,
  message: DigestMessage,
  context: { siteUrl: string; timeZone: string; from: string; now: Date },
): Promise<MailMessage | null> {
  const { siteUrl, timeZone, from, now } = context;
  if (message.day < agencyDay(now, timeZone)) return null;
  const [member] = await db.all<DigestMember>('SELECT id, email, role FROM staff WHERE id = ?', [message.staffId]);
  if (!member) return null;
  const digest = digestFor(member, await digestFacts(db, message.day, member));
  if (digestIsEmpty(digest)) return null;
  return composedMail(delivery, { audience: 'staff', ...digestEmail(digest, { siteUrl, timeZone }) }, from);
}

/** The morning digest as an outbox kind: its row names only the member and the day, and it is written out when sent. */
export const DIGEST_KIND = messageKind<DigestMessage>({
  kind: 'digest',
  label: (message) => `Morning digest (${message.day})`,
  compose: (delivery, message, context) =>
    composeDigest(context.database, delivery, message, { ...context, timeZone: agencyContact.timeZone }),
});

/** The first-contact alert as an outbox kind, to the owners, with a link to the lead's page. */
export const FIRST_CONTACT_ALERT_KIND = messageKind<FirstContactAlertMessage>({
  kind: 'first-contact-alert',
  label: () => 'First-contact alert',
  compose: (delivery, message, context) => {
    const { siteUrl } = context;
    const email = firstContactAlertEmail(message, {
      siteUrl,
      leadId: delivery.leadId ?? '',
      timeZone: agencyContact.timeZone,
    });
    return composedMail(delivery, { audience: 'staff', ...email }, context.from);
  },
});

/** The worker's scheduled work that queues the digests and alerts, on `database` with the server's settings. */
export function deskSchedule(database: SqlDatabase, settings: DigestSettings): ScheduledWork {
  return new DigestScheduler(database, settings).schedule;
}
