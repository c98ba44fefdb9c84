/*
 * The booking's language (issue 43): the trip page, its print view, the reminders and the review
 * invitation are written in it. The family (on the trip page) or staff (on the lead page) choose it
 * on the acceptance, each change in the lead's history with who made it; until then the language
 * the enquiry came in serves, and English for anything older.
 */
import { LANGUAGE_INFO, LANGUAGES, isLanguage, languageOr, type Language } from '../../lib/languages.ts';
import { BOOKING_LANGUAGE_ACTION } from '../../lib/trips/travellers.ts';
import type { SqlDatabase, SqlStatements } from '../db/database.ts';
import { lockLead, recordHistory } from '../pipeline/trail.ts';

/** `quote_acceptances.language ?? leads.language ?? 'en'` for a quote; the enquiry's language while nobody accepted it. */
export async function bookingLanguage(db: SqlStatements, quoteId: string): Promise<Language> {
  const [row] = await db.all<{ chosen: string | null; enquiry: string | null }>(
    `SELECT acc.language AS chosen, leads.language AS enquiry
       FROM quotes
       JOIN leads ON leads.id = quotes.lead_id
       LEFT JOIN quote_acceptances acc ON acc.quote_id = quotes.id
      WHERE quotes.id = ?`,
    [quoteId],
  );
  return languageOr(row?.chosen ?? row?.enquiry);
}

/** What choosing a language came to: kept (changed or already so), refused with the reason, or no accepted quote. */
export type LanguageChoice = { ok: true; language: Language; changed: boolean } | { ok: false; message: string } | null;

/** Why a posted value is not a language, in the words the desk and the tests read. */
export const NOT_A_LANGUAGE = `Not a language the trip is written in: choose one of ${LANGUAGES.map((each) => `${LANGUAGE_INFO[each].englishName} (${each})`).join(', ')}.`;

/**
 * Keeps `value` as an accepted quote's language, in the lead's history as `actor`'s with the
 * language before and after; a value that is not one of LANGUAGES changes nothing. Choosing the
 * language the booking already reads in writes no line.
 */
export async function chooseBookingLanguage(
  db: SqlDatabase,
  quoteId: string,
  value: unknown,
  actor: string,
  now: Date,
): Promise<LanguageChoice> {
  if (!isLanguage(value)) return { ok: false, message: NOT_A_LANGUAGE };
  return db.transaction(async (tx) => {
    const [quote] = await tx.all<{ lead_id: string }>(
      'SELECT quotes.lead_id FROM quotes JOIN quote_acceptances acc ON acc.quote_id = quotes.id WHERE quotes.id = ?',
      [quoteId],
    );
    if (!quote) return null;
    const reference = await lockLead(tx, quote.lead_id);
    if (reference === undefined) return null;
    const before = await bookingLanguage(tx, quoteId);
    const [stored] = await tx.all<{ language: string | null }>(
      'SELECT language FROM quote_acceptances WHERE quote_id = ?',
      [quoteId],
    );
    if (stored?.language === value) return { ok: true, language: value, changed: false };
    await tx.run('UPDATE quote_acceptances SET language = ? WHERE quote_id = ?', [value, quoteId]);
    const name = (lang: Language) => `${LANGUAGE_INFO[lang].englishName} (${lang})`;
    // The lead page heads the line with the action's label, "Booking language".
    const detail = `${name(before)} → ${name(value)}`;
    await recordHistory(
      tx,
      { id: quote.lead_id, reference },
      { actor, at: now.toISOString(), action: BOOKING_LANGUAGE_ACTION, detail },
    );
    return { ok: true, language: value, changed: true };
  });
}
