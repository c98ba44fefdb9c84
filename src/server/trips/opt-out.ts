/*
 * The booking's mail preference (schema step 17): the family turns off the mail about a booking (its
 * trip reminders and the review invitation after it) by the one-click link each such email carries,
 * whose token is kept only as its SHA-256, one per email (step 22). The reminders and the reviews read
 * it here. Erasure takes the reminders' claims, links and the preference with the lead.
 */
import type { Language } from '../../lib/languages.ts';
import { bookingLanguage } from './language.ts';
import { newLinkToken, isWellFormedToken } from '../../lib/quotes/token.ts';
import { optOutUrl } from '../../lib/trips/reminders.ts';
import { placeholders, type SqlDatabase, type SqlStatements } from '../db/database.ts';
import type { PersonalData } from '../pipeline/personal-data.ts';
import { lockLead, recordHistory } from '../pipeline/trail.ts';
import { tokenHash } from '../secrets.ts';

/** Who turned the mail off, as the lead's history says. */
const OPTER = 'the family (opt-out link)';

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
 * link whatever its tries (schema step 22); the link of a try never delivered opens nothing.
 */
async function issueOptOutToken(
  db: SqlStatements,
  booking: { quoteId: string; leadId: string },
  email: number | null,
  now: Date,
): Promise<string> {
  const token = newLinkToken();
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

  /** The language of the booking a token names, in which its opt-out page speaks; English for a token that names none. */
  async languageOf(token: string | null): Promise<Language> {
    if (token === null || !isWellFormedToken(token)) return 'en';
    const [row] = await this.db.all<{ quote_id: string }>(
      'SELECT quote_id FROM trip_reminder_links WHERE token_hash = ?',
      [tokenHash(token)],
    );
    return row ? bookingLanguage(this.db, row.quote_id) : 'en';
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

  /**
   * Staff turn the mail about the lead's booking `quoteId` back on (the family asked them to), with
   * a line in the lead's history; false when it was not off, or the booking is not the lead's.
   */
  async turnBackOn(leadId: string, quoteId: string, actor: string, now = new Date()): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const reference = await lockLead(tx, leadId);
      if (reference === undefined) return false;
      const changed = await tx.run('DELETE FROM trip_reminder_optouts WHERE quote_id = ? AND lead_id = ?', [
        quoteId,
        leadId,
      ]);
      if (changed === 0) return false;
      const [quote] = await tx.all<{ reference: string }>('SELECT reference FROM quotes WHERE id = ?', [quoteId]);
      await recordHistory(
        tx,
        { id: leadId, reference },
        {
          actor,
          at: now.toISOString(),
          action: 'reminder',
          detail: `Turned back on for booking ${quote?.reference ?? quoteId}`,
        },
      );
      return true;
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
