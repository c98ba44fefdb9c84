/*
 * The family's trip reminders (schema step 17), what is due and its queueing: worked out by the
 * delivery worker's scheduled work (`tripReminderSchedule`, handed to it by main.ts through
 * message-kinds.ts) under a lease, so one instance at a time does the work; what makes each reminder
 * once is the database, not the lease: a reminder is queued in the transaction that claims its
 * booking's deadline for each traveller it is for (trip_reminders; the key refuses a second claim),
 * with a line in the lead's history. A pass queues a bounded number; the rest go on the next passes.
 * The email is written out when it is sent (reminder-compose.ts); the booking's mail preference,
 * with its opt-out links, is in opt-out.ts.
 */
import { agencyDay, agencyHour } from '../../lib/agency-time.ts';
import { UNCHASED_STATUSES } from '../../lib/pipeline/model.ts';
import { facts as siteFacts } from '../../lib/facts.ts';
import type { OutboxMessage } from '../../lib/outbox/model.ts';
import {
  REMINDER_HOUR,
  owedPayments,
  reminderLabel,
  remindersToQueue,
  type BookingFacts,
  type ReminderClaim,
  type ReminderDeadline,
} from '../../lib/trips/reminders.ts';
import { tripDatesOf } from '../../lib/trips/travellers.ts';
import type { QuoteDraft } from '../../lib/quotes/model.ts';
import { placeholders, type SqlDatabase, type SqlStatements } from '../db/database.ts';
import { LEASE_MS, leasedSchedule, type LeasedSchedule } from '../outbox/schedule.ts';
import { lockLead, recordHistory } from '../pipeline/trail.ts';
import { queueMessage } from '../outbox/queue.ts';
import type { ScheduledWork } from '../outbox/worker.ts';
import { pilgrimAddress } from '../quotes/emails.ts';
import { tripRules } from './rules.ts';
import { ACCEPTED_VERSION, PAID_QUOTE } from '../quotes/bookings.ts';
import { tripMailOptedOut } from './opt-out.ts';
import { TravellerStore } from './store.ts';

/** A reminder's outbox payload: which booking, deadline and travellers (by position), never the words. */
export interface TripReminderMessage extends OutboxMessage {
  kind: 'trip-reminder';
  quoteId: string;
  deadline: ReminderDeadline;
  positions: number[];
}

/** The site's facts, as src/lib/facts.ts holds them (a test hands in an edited copy). */
type ReminderFacts = typeof siteFacts;

/** What the reminders are worked out with: the facts as they are now, the balance's lead time and the office's zone. */
export interface TripReminderSettings {
  /** Read on every pass and every email: the facts of the day, never a copy. */
  facts: () => ReminderFacts;
  /** `TRIP_REMINDER_BALANCE_DAYS`. */
  balanceDaysBefore: number;
  timeZone: string;
}

/** Who queued a reminder, as the lead's history says. */
const SCHEDULER = 'trip reminders';
const LEASE_NAME = 'trip-reminders';
/** How often the worker looks for reminders due: they are by the day, so a few minutes late is on time. */
const SCHEDULED_EVERY_MS = 5 * 60_000;
/**
 * Emails queued per pass at most: a first pass with thousands due (the schedule's first start on a
 * full book) took half a minute on PostgreSQL in one go; a bounded pass stays well inside its lease,
 * and the rest are queued by the next passes, a few minutes apart, each still claimed once.
 */
const QUEUED_PER_PASS = 200;

interface BookingRow {
  quote_id: string;
  lead_id: string;
  reference: string;
  version: number | string;
  draft: string;
}

/** A booking with a deposit in, still ahead: an accepted quote still standing, with a payment, departing after a day, not opted out, its lead not lost. */
const BOOKINGS = `SELECT quotes.id AS quote_id, quotes.lead_id, quotes.reference, acc.version, version.draft
  FROM ${ACCEPTED_VERSION}
  JOIN leads ON leads.id = quotes.lead_id
  WHERE quotes.withdrawn_at IS NULL AND leads.status NOT IN (${placeholders(UNCHASED_STATUSES)})
    AND ${PAID_QUOTE} AND acc.departure_on > ?
    AND NOT EXISTS (SELECT 1 FROM trip_reminder_optouts optout WHERE optout.quote_id = quotes.id)`;

/** A booking as the reminders read it: its accepted version's dates and schedule. */
interface Booking {
  quoteId: string;
  leadId: string;
  version: number;
  draft: QuoteDraft;
}

/** Bookings per statement: well under both databases' limits on parameters. */
const CHUNK = 500;

/**
 * Each booking's facts on `today` (the trip's dates, its travellers, the payments still owed, the
 * rules) and the claims made on it, a handful of statements per 500 bookings whatever their number.
 */
export async function bookingsFacts(
  store: TravellerStore,
  db: SqlStatements,
  bookings: readonly Booking[],
  today: string,
  settings: Pick<TripReminderSettings, 'facts' | 'balanceDaysBefore'>,
): Promise<Map<string, { facts: BookingFacts; claimed: ReminderClaim[] }>> {
  const found = new Map<string, { facts: BookingFacts; claimed: ReminderClaim[] }>();
  const rules = tripRules(settings.facts());
  for (let start = 0; start < bookings.length; start += CHUNK) {
    const chunk = bookings.slice(start, start + CHUNK);
    const ids = chunk.map((booking) => booking.quoteId);
    const list = placeholders(ids);
    const travellers = Map.groupBy(await store.travellersOfQuotes(ids, db), (each) => each.quoteId);
    const dues = Map.groupBy(
      await db.all<{ quote_id: string; version: number | string; due_on: string; amount_cents: number | string }>(
        `SELECT quote_id, version, due_on, amount_cents FROM quote_dues WHERE quote_id IN (${list})
         ORDER BY quote_id, version, ordinal`,
        ids,
      ),
      (due) => due.quote_id,
    );
    const paid = new Map(
      (
        await db.all<{ quote_id: string; paid: number | string }>(
          `SELECT quote_id, SUM(amount_cents) AS paid FROM quote_payments WHERE quote_id IN (${list}) GROUP BY quote_id`,
          ids,
        )
      ).map((row) => [row.quote_id, Number(row.paid)]),
    );
    const claims = Map.groupBy(
      await db.all<{ quote_id: string; deadline: ReminderDeadline; position: number | string }>(
        `SELECT quote_id, deadline, position FROM trip_reminders WHERE quote_id IN (${list})`,
        ids,
      ),
      (claim) => claim.quote_id,
    );
    for (const booking of chunk) {
      const { kind, departureOn, arrivalOn, returnOn, saudi, holiday } = tripDatesOf(booking.draft, today);
      const schedule = (dues.get(booking.quoteId) ?? [])
        .filter((due) => Number(due.version) === booking.version)
        .map((due) => ({ dueOn: due.due_on, amountCents: Number(due.amount_cents) }));
      found.set(booking.quoteId, {
        facts: {
          today,
          trip: { kind, departureOn, arrivalOn, returnOn, saudi, holiday },
          travellers: travellers.get(booking.quoteId) ?? [],
          rules,
          owed: owedPayments(schedule, paid.get(booking.quoteId) ?? 0),
          balanceDaysBefore: settings.balanceDaysBefore,
          payerState: booking.draft.payerState ?? null,
        },
        claimed: (claims.get(booking.quoteId) ?? []).map((claim) => ({
          deadline: claim.deadline,
          position: Number(claim.position),
        })),
      });
    }
  }
  return found;
}

/** "visa window (travellers 1, 2)", "what we need": a claim in the history's words, by position only. */
function claimWords(deadline: ReminderDeadline, positions: readonly number[]): string {
  const label = reminderLabel(deadline).replace(/^Trip reminder \((.*)\)$/, '$1');
  const travellers = positions.filter((position) => position > 0);
  if (travellers.length === 0) return label;
  return `${label} (traveller${travellers.length > 1 ? 's' : ''} ${travellers.join(', ')})`;
}

/** Queues the reminders due, one instance at a time; answers how many emails were queued. */
export class TripReminderScheduler {
  private readonly db: SqlDatabase;
  private readonly settings: TripReminderSettings;
  /** The reminders due at each pass, on the instance that holds the lease. */
  readonly schedule: LeasedSchedule<number>;

  private readonly perPass: number;

  /** `perPass`: emails queued per pass at most (QUEUED_PER_PASS; a test hands in fewer). */
  constructor(db: SqlDatabase, settings: TripReminderSettings, holder?: string, perPass = QUEUED_PER_PASS) {
    this.db = db;
    this.settings = settings;
    this.perPass = perPass;
    this.schedule = leasedSchedule({
      database: db,
      name: LEASE_NAME,
      everyMs: SCHEDULED_EVERY_MS,
      leaseMs: LEASE_MS,
      holder,
      run: (now) => this.queueDue(now),
    });
  }

  /**
   * Claims and queues the reminders due on the office's day at `now` (at most `perPass`; the rest the
   * next passes), from REMINDER_HOUR: each in
   * its own transaction with the lead locked, so an erasure or a second instance waits its turn and
   * then finds it claimed. Called without the lease only by tests of what the claim alone guarantees.
   */
  async queueDue(now: Date): Promise<number> {
    const { timeZone } = this.settings;
    if (agencyHour(now, timeZone) < REMINDER_HOUR) return 0;
    const today = agencyDay(now, timeZone);
    const rows = await this.db.all<BookingRow>(`${BOOKINGS} ORDER BY quotes.lead_id`, [...UNCHASED_STATUSES, today]);
    const ahead = rows.map((row) => ({ row, draft: JSON.parse(row.draft) as QuoteDraft }));
    const read = await bookingsFacts(
      new TravellerStore(this.db),
      this.db,
      ahead.map(({ row, draft }) => ({
        quoteId: row.quote_id,
        leadId: row.lead_id,
        version: Number(row.version),
        draft,
      })),
      today,
      this.settings,
    );
    let queued = 0;
    for (const { row } of ahead) {
      const { facts, claimed } = read.get(row.quote_id)!;
      for (const { deadline, positions } of remindersToQueue(facts, claimed)) {
        // The rest wait for the next pass, which finds them still unclaimed.
        if (queued >= this.perPass) return queued;
        if (await this.queueOne(row, deadline, positions, now)) queued += 1;
      }
    }
    return queued;
  }

  /** Claims `deadline` for `positions` and queues its email, in one transaction; false when nothing was left to claim. */
  private async queueOne(
    row: BookingRow,
    deadline: ReminderDeadline,
    positions: readonly number[],
    now: Date,
  ): Promise<boolean> {
    const at = now.toISOString();
    return this.db.transaction(async (tx) => {
      const reference = await lockLead(tx, row.lead_id);
      if (reference === undefined) return false;
      // Still the lead's booking, still wanted: read again under the lock.
      const booking = await new TravellerStore(this.db).bookingOf(row.lead_id, tx);
      if (booking?.quoteId !== row.quote_id || (await tripMailOptedOut(tx, row.quote_id))) return false;
      const to = await pilgrimAddress(tx, row.lead_id);
      if (!to) return false;
      const mine: number[] = [];
      for (const position of positions) {
        const claimed = await tx.run(
          `INSERT INTO trip_reminders (quote_id, deadline, position, lead_id, queued_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT DO NOTHING`,
          [row.quote_id, deadline, position, row.lead_id, at],
        );
        if (claimed === 1) mine.push(position);
      }
      if (mine.length === 0) return false;
      const message: TripReminderMessage = { kind: 'trip-reminder', quoteId: row.quote_id, deadline, positions: mine };
      const key = `trip-reminder:${row.quote_id}:${deadline}:${mine.join(',')}`;
      await queueMessage(tx, { leadId: row.lead_id, destination: to, key, message }, now);
      await recordHistory(
        tx,
        { id: row.lead_id, reference },
        {
          actor: SCHEDULER,
          at,
          action: 'reminder',
          detail: `Queued to ${to}: ${claimWords(deadline, mine)}`,
        },
      );
      return true;
    });
  }
}

/** The worker's scheduled work that queues the trip reminders, on `database` with the server's settings. */
export function tripReminderSchedule(
  database: SqlDatabase,
  settings: Omit<TripReminderSettings, 'facts'> & Partial<Pick<TripReminderSettings, 'facts'>>,
): ScheduledWork {
  return new TripReminderScheduler(database, { facts: () => siteFacts, ...settings }).schedule;
}
