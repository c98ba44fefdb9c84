/*
 * The travellers on a booking (table trip_travellers, schema step 16; the visa's kind and a residence
 * permit's expiry, step 19): staff add and edit them on
 * the lead page once a quote is accepted. Each change is written to the lead's history with its
 * time and who, in the same transaction; the history says which traveller and which fields changed,
 * never the values (names, dates of health), so it stays clean when the details are deleted. A
 * change that is refused changes nothing. Alike on SQLite and PostgreSQL.
 */
import { addDays } from '../../lib/agency-time.ts';
import { facts } from '../../lib/facts.ts';
import {
  keptVaccination,
  type TravellerCategory,
  type TravellerFacts,
  type VisaKind,
} from '../../lib/trips/checklist.ts';
import {
  checkTraveller,
  tooMany,
  travellersExport,
  tripDatesOf,
  type Traveller,
  type TravellerDetails,
  type TravellerFields,
  type TravellerProblem,
} from '../../lib/trips/travellers.ts';
import { placeholders, type SqlDatabase, type SqlStatements } from '../db/database.ts';
import { bookingOf, type AcceptedBooking } from '../quotes/bookings.ts';
import type { PersonalData } from '../pipeline/personal-data.ts';
import { tripSpeech, type TripSpeech } from '../../lib/trips/speech.ts';
import { lockLead, recordHistory } from '../pipeline/trail.ts';

interface TravellerRow {
  quote_id: string;
  position: number | string;
  lead_id: string;
  name: string;
  category: TravellerCategory;
  passport_expires_on: string | null;
  vaccine: string | null;
  vaccinated_on: string | null;
  visa_kind: VisaKind;
  visa_status: 'not-applied' | 'applied' | 'issued';
  visa_on: string | null;
  visa_valid_until: string | null;
  nusuk_permit_on: string | null;
  updated_at: string;
  updated_by: string;
}

function toTraveller(row: TravellerRow): Traveller {
  const vaccination: TravellerFacts['vaccination'] =
    row.vaccine === null
      ? null
      : row.vaccine === 'not-needed' || row.vaccine === 'given'
        ? row.vaccine
        : { type: row.vaccine as 'conjugate' | 'polysaccharide' | 'unnamed', givenOn: row.vaccinated_on ?? '' };
  const visa: TravellerFacts['visa'] =
    row.visa_kind === 'other'
      ? { kind: 'other', status: 'issued', validUntil: row.visa_valid_until ?? '' }
      : row.visa_status === 'not-applied'
        ? { kind: row.visa_kind, status: 'not-applied' }
        : { kind: row.visa_kind, status: row.visa_status, on: row.visa_on ?? '' };
  return {
    quoteId: row.quote_id,
    position: Number(row.position),
    name: row.name,
    category: row.category,
    passportExpiresOn: row.passport_expires_on,
    vaccination,
    visa,
    nusukPermitOn: row.nusuk_permit_on,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

/** The columns of a traveller's details, in the order UPDATE and INSERT name them. */
function detailValues(details: TravellerDetails): (string | null)[] {
  const { vaccination, visa } = details;
  return [
    details.name,
    details.category,
    details.passportExpiresOn,
    vaccination === null ? null : typeof vaccination === 'string' ? vaccination : vaccination.type,
    vaccination !== null && typeof vaccination !== 'string' ? vaccination.givenOn : null,
    visa.kind,
    visa.status,
    'on' in visa ? visa.on : null,
    visa.kind === 'other' ? visa.validUntil : null,
    details.nusukPermitOn,
  ];
}

/** Which fields a change touched, in words for the history ("passport expiry, visa"). */
function changedFields(before: Traveller, after: TravellerDetails): string[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return [
    !same(before.name, after.name) && 'name',
    !same(before.category, after.category) && 'category',
    !same(before.passportExpiresOn, after.passportExpiresOn) && 'passport expiry',
    !same(before.vaccination, after.vaccination) && 'vaccine',
    !same(before.visa, after.visa) && 'visa',
    !same(before.nusukPermitOn, after.nusukPermitOn) && 'Nusuk permit',
  ].filter((field): field is string => field !== false);
}

/** Saved with the traveller's position; refused with problems; undefined when the quote is not an accepted quote of this lead. */
export type TravellerSaved = { ok: true; position: number } | { ok: false; problems: TravellerProblem[] } | undefined;

/** Deletes the travellers of leads being erased, in the caller's transaction (before their quotes lose the lead). */
async function eraseTravellersOf(tx: SqlStatements, leadIds: readonly string[]): Promise<void> {
  if (leadIds.length === 0) return;
  await tx.run(`DELETE FROM trip_travellers WHERE lead_id IN (${placeholders(leadIds)})`, leadIds);
}

/** The travellers on a lead's bookings, in the person's export; erasure deletes them entirely. */
export const TRAVELLER_PERSONAL_DATA: PersonalData = {
  key: 'travellers',
  export: async (db, leadId) => travellersExport(await new TravellerStore(db).travellersOf(leadId)),
  erase: (tx, leadIds) => eraseTravellersOf(tx, leadIds),
};

/** The travellers of the bookings `quoteIds`, by booking and in the order they were added (the desk's departures). */
export async function travellersOfQuotes(db: SqlStatements, quoteIds: readonly string[]): Promise<Traveller[]> {
  if (quoteIds.length === 0) return [];
  const rows = await db.all<TravellerRow>(
    `SELECT * FROM trip_travellers WHERE quote_id IN (${placeholders(quoteIds)}) ORDER BY quote_id, position`,
    quoteIds,
  );
  return rows.map(toTraveller);
}

/** The travellers on each booking, and the changes staff make to them. */
export class TravellerStore {
  private readonly db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.db = db;
  }

  /** The lead's accepted booking (the newest accepted quote still standing), or null. */
  bookingOf(leadId: string, db: SqlStatements = this.db): Promise<AcceptedBooking | null> {
    return bookingOf(db, leadId);
  }

  /**
   * The booking a quote's private link opens as the family's trip page: its lead and the lead's
   * accepted booking, when that booking is this quote; null for any other quote (not accepted,
   * withdrawn, superseded by a newer accepted quote, or its lead erased).
   */
  async bookingOfQuote(quoteId: string): Promise<{ leadId: string; booking: AcceptedBooking } | null> {
    const [row] = await this.db.all<{ lead_id: string | null }>('SELECT lead_id FROM quotes WHERE id = ?', [quoteId]);
    if (!row?.lead_id) return null;
    const booking = await this.bookingOf(row.lead_id);
    return booking?.quoteId === quoteId ? { leadId: row.lead_id, booking } : null;
  }

  /** The lead's travellers, by booking and in the order they were added. */
  async travellersOf(leadId: string, db: SqlStatements = this.db): Promise<Traveller[]> {
    const rows = await db.all<TravellerRow>(
      'SELECT * FROM trip_travellers WHERE lead_id = ? ORDER BY quote_id, position',
      [leadId],
    );
    return rows.map(toTraveller);
  }

  /** The travellers of many bookings at once, by quote and in the order they were added (the reminders' pass). */
  async travellersOfQuotes(quoteIds: readonly string[], db: SqlStatements = this.db): Promise<Traveller[]> {
    if (quoteIds.length === 0) return [];
    const rows = await db.all<TravellerRow>(
      `SELECT * FROM trip_travellers WHERE quote_id IN (${placeholders(quoteIds)}) ORDER BY quote_id, position`,
      [...quoteIds],
    );
    return rows.map(toTraveller);
  }

  /**
   * Adds a traveller (no position) or changes one, on the lead's accepted quote `fields.quoteId`, as
   * `actor` (a staff email). Refused, changing nothing: a field that does not check, or a category
   * that would outnumber the quote's lines; the reasons in `say`'s language (the desk's English, or the trip page's).
   */
  async save(
    leadId: string,
    fields: TravellerFields,
    actor: string,
    today: string,
    now = new Date(),
    say: TripSpeech = tripSpeech('en'),
  ): Promise<TravellerSaved> {
    const checked = checkTraveller(fields, today, say);
    return this.db.transaction(async (tx) => {
      const reference = await lockLead(tx, leadId);
      if (reference === undefined) return undefined;
      const booking = await this.bookingOf(leadId, tx);
      if (!booking || booking.quoteId !== fields.quoteId) return undefined;
      const travellers = (await this.travellersOf(leadId, tx)).filter((each) => each.quoteId === booking.quoteId);
      const editing =
        fields.position === '' ? undefined : travellers.find((each) => String(each.position) === fields.position);
      if (fields.position !== '' && !editing) {
        return {
          ok: false,
          problems: [{ field: '_form', message: say.words.gone }],
        };
      }
      if (!checked.ok) return checked;
      // Where the vaccine is only recommended for the trip, a type and day typed are kept as "given".
      const rule = facts.health.acwy[tripDatesOf(booking.draft, today).kind];
      const details = { ...checked.details, vaccination: keptVaccination(checked.details.vaccination, rule) };
      const others = travellers.filter((each) => each !== editing).map((each) => each.category);
      const mismatch = tooMany([...others, details.category], booking.quoted, say);
      if (mismatch) return { ok: false, problems: [{ field: 'category', message: mismatch }] };
      const at = now.toISOString();
      const lead = { id: leadId, reference };
      if (editing) {
        const changed = changedFields(editing, details);
        if (changed.length === 0) return { ok: true, position: editing.position };
        await tx.run(
          `UPDATE trip_travellers SET name = ?, category = ?, passport_expires_on = ?, vaccine = ?, vaccinated_on = ?,
             visa_kind = ?, visa_status = ?, visa_on = ?, visa_valid_until = ?, nusuk_permit_on = ?, updated_at = ?,
             updated_by = ?
           WHERE quote_id = ? AND position = ?`,
          [...detailValues(details), at, actor, booking.quoteId, editing.position],
        );
        const detail = `Traveller ${editing.position} changed: ${changed.join(', ')}`;
        await recordHistory(tx, lead, { actor, at, action: 'traveller', detail });
        return { ok: true, position: editing.position };
      }
      const position = Math.max(0, ...travellers.map((each) => each.position)) + 1;
      await tx.run(
        `INSERT INTO trip_travellers (name, category, passport_expires_on, vaccine, vaccinated_on, visa_kind, visa_status,
           visa_on, visa_valid_until, nusuk_permit_on, updated_at, updated_by, quote_id, position, lead_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [...detailValues(details), at, actor, booking.quoteId, position, leadId],
      );
      const detail = `Traveller ${position} added (${details.category})`;
      await recordHistory(tx, lead, { actor, at, action: 'traveller', detail });
      return { ok: true, position };
    });
  }

  /**
   * Retention: deletes every traveller of a booking whose return was more than `days` days before
   * `today`, recording it in the lead's history; answers how many travellers were deleted.
   */
  async eraseReturnedBefore(days: number, today: string, actor: string, now = new Date()): Promise<number> {
    // Returned more than `days` days before today: the booking's return day is kept on its acceptance.
    const rows = await this.db.all<{ quote_id: string; return_on: string }>(
      `SELECT acc.quote_id, acc.return_on FROM quote_acceptances acc
       WHERE acc.return_on < ? AND acc.quote_id IN (SELECT DISTINCT quote_id FROM trip_travellers)`,
      [addDays(today, -days)],
    );
    let deleted = 0;
    for (const booking of rows.map((row) => ({ quoteId: row.quote_id, returnOn: row.return_on }))) {
      deleted += await this.db.transaction(async (tx) => {
        const leads = await tx.all<{ lead_id: string }>(
          'SELECT DISTINCT lead_id FROM trip_travellers WHERE quote_id = ?',
          [booking.quoteId],
        );
        let count = 0;
        for (const { lead_id: leadId } of leads) {
          const reference = await lockLead(tx, leadId);
          const gone = await tx.run('DELETE FROM trip_travellers WHERE quote_id = ? AND lead_id = ?', [
            booking.quoteId,
            leadId,
          ]);
          count += gone;
          if (reference !== undefined && gone > 0) {
            const detail = `Travellers' details deleted ${days} days after the return (${booking.returnOn})`;
            await recordHistory(
              tx,
              { id: leadId, reference },
              { actor, at: now.toISOString(), action: 'traveller', detail },
            );
          }
        }
        return count;
      });
    }
    return deleted;
  }
}
