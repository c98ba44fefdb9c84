/*
 * The family's trip reminders (schema step 17): worked out by the delivery worker's scheduled work
 * (`tripReminderSchedule`, handed to it by main.ts through message-kinds.ts) under a lease, so one
 * instance at a time does the work; what makes each reminder once is the database, not the lease:
 * a reminder is queued in the transaction that claims its booking's deadline for each traveller it
 * is for (trip_reminders; the key refuses a second claim), with a line in the lead's history.
 *
 * The outbox row names the booking, the deadline and the travellers by position only; the email is
 * written when it is sent (`tripReminderKind`), from the facts and the booking as they are that day,
 * so an edited fact changes what it says, and a booking opted out, withdrawn or erased since gets
 * nothing. Each email carries its own opt-out link, whose token is kept only as its SHA-256.
 */
import { agencyDay, agencyHour } from '../../lib/agency-time.ts';
import { UNCHASED_STATUSES } from '../../lib/desk/accounts.ts';
import { facts as siteFacts } from '../../lib/facts.ts';
import type { Delivery, OutboxMessage } from '../../lib/outbox/model.ts';
import { newQuoteToken, isWellFormedToken, quoteLink } from '../../lib/quotes/token.ts';
import { agencyContact } from '../../lib/site-contact.ts';
import {
  REMINDER_HOUR,
  isReminderDeadline,
  optOutUrl,
  owedPayments,
  reminderEmail,
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
import type { PersonalData } from '../pipeline/personal-data.ts';
import { lockLead, recordHistory } from '../pipeline/trail.ts';
import { messageKind, type OutboxContext } from '../outbox/kinds.ts';
import { composedMail, type MailMessage } from '../outbox/mail.ts';
import { queueMessage } from '../outbox/queue.ts';
import type { ScheduledWork } from '../outbox/worker.ts';
import { pilgrimAddress } from '../quotes/emails.ts';
import { tokenHash } from '../secrets.ts';
import { serverConfig } from '../config.ts';
import { tripRules } from './rules.ts';
import { ACCEPTED_VERSION, PAID_QUOTE } from '../quotes/bookings.ts';
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

/** Who queued a reminder, and who opted out, as the lead's history says. */
const SCHEDULER = 'trip reminders';
const OPTER = 'the family (opt-out link)';
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
async function bookingsFacts(
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
      if (booking?.quoteId !== row.quote_id || (await optedOutAt(tx, row.quote_id)) !== null) return false;
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

/** When the booking's reminders were turned off, or null while they are on. */
async function optedOutAt(db: SqlStatements, quoteId: string): Promise<string | null> {
  const [row] = await db.all<{ opted_out_at: string }>(
    'SELECT opted_out_at FROM trip_reminder_optouts WHERE quote_id = ?',
    [quoteId],
  );
  return row?.opted_out_at ?? null;
}

/**
 * The opt-out link of one email (the outbox row `email`): only its hash is kept. A try that failed
 * writes the email out again, and its link takes the place of the last try's, so an email has one
 * link whatever its tries (schema step 21); the link of a try never delivered opens nothing.
 */
async function issueOptOutToken(
  db: SqlStatements,
  booking: { quoteId: string; leadId: string },
  email: number | null,
  now: Date,
): Promise<string> {
  const token = newQuoteToken();
  await db.run(
    `INSERT INTO trip_reminder_links (token_hash, quote_id, lead_id, issued_at, outbox_id) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (outbox_id) DO UPDATE SET token_hash = excluded.token_hash, issued_at = excluded.issued_at`,
    [tokenHash(token), booking.quoteId, booking.leadId, now.toISOString(), email],
  );
  return token;
}

/** Whether the family turned off the mail about this booking (the reminders, and the review invitation after it). */
export async function tripMailOptedOut(db: SqlStatements, quoteId: string): Promise<boolean> {
  return (await optedOutAt(db, quoteId)) !== null;
}

/** The one-click opt-out address of one email (the outbox row `email`; null outside one) about a booking, for its text and its List-Unsubscribe header. */
export async function tripOptOutLink(
  db: SqlStatements,
  siteUrl: string,
  booking: { quoteId: string; leadId: string },
  now: Date,
  email: number | null = null,
): Promise<string> {
  return optOutUrl(siteUrl, await issueOptOutToken(db, booking, email, now));
}

/**
 * Writes a reminder out when it is due: null (sent to no one) when its booking was opted out,
 * withdrawn, replaced or erased since, the trip has begun, or nothing is left to say.
 */
async function composeReminder(
  delivery: Delivery,
  message: TripReminderMessage,
  context: OutboxContext,
  settings: Omit<TripReminderSettings, 'balanceDaysBefore'>,
): Promise<MailMessage | null> {
  const db = context.database;
  const leadId = delivery.leadId;
  if (leadId === null || !isReminderDeadline(message.deadline)) return null;
  if ((await optedOutAt(db, message.quoteId)) !== null) return null;
  const store = new TravellerStore(db);
  const booking = await store.bookingOf(leadId);
  if (booking?.quoteId !== message.quoteId) return null;
  const [quote] = await db.all<{ link_token: string | null; version: number | string }>(
    `SELECT quotes.link_token, acc.version FROM ${ACCEPTED_VERSION} WHERE quotes.id = ?`,
    [message.quoteId],
  );
  if (!quote?.link_token) return null;
  const today = agencyDay(context.now, settings.timeZone);
  const read = await bookingsFacts(
    store,
    db,
    [{ quoteId: booking.quoteId, leadId, version: Number(quote.version), draft: booking.draft }],
    today,
    { facts: settings.facts, balanceDaysBefore: 0 },
  );
  const { facts } = read.get(booking.quoteId)!;
  if (today >= facts.trip.departureOn) return null;
  const current = settings.facts();
  const { adult, child, infant } = booking.quoted;
  const words = {
    deadline: message.deadline,
    reference: booking.reference,
    facts,
    quotedTravellers: adult + child + infant,
    positions: message.positions,
    tripUrl: quoteLink(context.siteUrl, quote.link_token),
    siteUrl: context.siteUrl,
    words: {
      umrahWindow: current.visa.umrahWindow.text,
      nusuk: String(current.permits.nusuk.text),
      entry: current.entry,
      retentionDays: serverConfig().TRAVELLER_RETENTION_DAYS,
    },
  };
  // Written first without a link: a reminder with nothing to say issues none.
  if (reminderEmail({ ...words, optOutUrl: '' }) === null) return null;
  const link = await tripOptOutLink(
    db,
    context.siteUrl,
    { quoteId: message.quoteId, leadId },
    context.now,
    delivery.id,
  );
  const email = reminderEmail({ ...words, optOutUrl: link })!;
  return {
    ...composedMail(delivery, { audience: 'pilgrim', ...email }, context.from),
    headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** The trip reminder as an outbox kind, reading `settings.facts()` when each email is written. */
export function tripReminderKind(settings: Omit<TripReminderSettings, 'balanceDaysBefore'>) {
  return messageKind<TripReminderMessage>({
    kind: 'trip-reminder',
    label: (message) => reminderLabel(message.deadline),
    compose: (delivery, message, context) => composeReminder(delivery, message, context, settings),
  });
}

/** The worker's scheduled work that queues the trip reminders, on `database` with the server's settings. */
export function tripReminderSchedule(
  database: SqlDatabase,
  settings: Omit<TripReminderSettings, 'facts'> & Partial<Pick<TripReminderSettings, 'facts'>>,
): ScheduledWork {
  return new TripReminderScheduler(database, { facts: () => siteFacts, ...settings }).schedule;
}

/** A booking's reminders as staff and the export see them: off since when, or on. */
export interface ReminderOptOut {
  quoteId: string;
  reference: string;
  optedOutAt: string;
}

/** What opting out did; undefined when the token names no booking (unknown, malformed, or erased). */
export type OptedOut = { done: 'opted-out' | 'already' } | undefined;

/** The opt-out of the family's reminders: the page's lookups, the opt-out itself, and staff's view. */
export class TripReminderStore {
  private readonly db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.db = db;
  }

  /** The booking a token names and whether its reminders are off; undefined for a token that names none. */
  async optOutState(token: string | null): Promise<{ optedOut: boolean } | undefined> {
    if (token === null || !isWellFormedToken(token)) return undefined;
    // Its lead still held: a link issued while its lead was being erased names no one.
    const [row] = await this.db.all<{ quote_id: string }>(
      `SELECT link.quote_id FROM trip_reminder_links link JOIN leads ON leads.id = link.lead_id
       WHERE link.token_hash = ?`,
      [tokenHash(token)],
    );
    return row && { optedOut: (await optedOutAt(this.db, row.quote_id)) !== null };
  }

  /** Turns off the reminders of the booking a token names, with a line in the lead's history. */
  async optOut(token: string | null, now = new Date()): Promise<OptedOut> {
    if (token === null || !isWellFormedToken(token)) return undefined;
    const at = now.toISOString();
    return this.db.transaction(async (tx) => {
      const [link] = await tx.all<{ quote_id: string; lead_id: string }>(
        'SELECT quote_id, lead_id FROM trip_reminder_links WHERE token_hash = ?',
        [tokenHash(token)],
      );
      if (!link) return undefined;
      const reference = await lockLead(tx, link.lead_id);
      if (reference === undefined) return undefined;
      const changed = await tx.run(
        'INSERT INTO trip_reminder_optouts (quote_id, lead_id, opted_out_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
        [link.quote_id, link.lead_id, at],
      );
      if (changed === 0) return { done: 'already' as const };
      const [quote] = await tx.all<{ reference: string }>('SELECT reference FROM quotes WHERE id = ?', [link.quote_id]);
      await recordHistory(
        tx,
        { id: link.lead_id, reference },
        {
          actor: OPTER,
          at,
          action: 'reminder',
          detail: `Turned off for booking ${quote?.reference ?? link.quote_id}`,
        },
      );
      return { done: 'opted-out' as const };
    });
  }

  /** The lead's bookings whose reminders are off, for the lead page and the person's export. */
  async optOutsOf(leadId: string, db: SqlStatements = this.db): Promise<ReminderOptOut[]> {
    const rows = await db.all<{ quote_id: string; reference: string; opted_out_at: string }>(
      `SELECT optout.quote_id, quotes.reference, optout.opted_out_at FROM trip_reminder_optouts optout
       JOIN quotes ON quotes.id = optout.quote_id WHERE optout.lead_id = ? ORDER BY optout.opted_out_at`,
      [leadId],
    );
    return rows.map((row) => ({ quoteId: row.quote_id, reference: row.reference, optedOutAt: row.opted_out_at }));
  }
}

/** Deletes the reminders' claims, links and opt-outs of leads the caller's transaction is erasing. */
async function eraseRemindersOf(tx: SqlStatements, leadIds: readonly string[]): Promise<void> {
  if (leadIds.length === 0) return;
  const list = placeholders(leadIds);
  for (const table of ['trip_reminders', 'trip_reminder_links', 'trip_reminder_optouts']) {
    await tx.run(`DELETE FROM ${table} WHERE lead_id IN (${list})`, leadIds);
  }
}

/** The bookings whose trip reminders the family turned off (by the link in one of them), in the person's export. */
export const TRIP_REMINDER_PERSONAL_DATA: PersonalData = {
  key: 'tripRemindersOff',
  export: async (db, leadId) =>
    (await new TripReminderStore(db).optOutsOf(leadId)).map(({ reference, optedOutAt }) => ({ reference, optedOutAt })),
  erase: (tx, leadIds) => eraseRemindersOf(tx, leadIds),
};

/** The trip reminder kind on the site's own facts, for the registry. */
export const TRIP_REMINDER_KIND = tripReminderKind({ facts: () => siteFacts, timeZone: agencyContact.timeZone });
