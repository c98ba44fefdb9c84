/*
 * Reading the quote tables (owned by quote-store.ts) into the shapes of src/lib/quotes/records.ts,
 * locking a quote for a writer, and what a privacy request does to them: the export lists them,
 * erasure keeps the amounts and dates under the lead's reference and removes what the person wrote
 * or was written to (name, reason, note).
 */
import { storedSchedule } from '../../lib/quotes/cancellation.ts';
import type { QuoteDraft } from '../../lib/quotes/model.ts';
import type { PaymentMethod } from '../../lib/quotes/payments.ts';
import type {
  QuoteAcceptance,
  QuoteDecline,
  QuoteVersion,
  RecordedPayment,
  StoredQuote,
} from '../../lib/quotes/records.ts';
import { quotesExport } from '../../lib/quotes/records.ts';
import { placeholders, type SqlStatements } from '../db/database.ts';
import type { PersonalData } from '../pipeline/personal-data.ts';
import { lockLead } from '../pipeline/trail.ts';

/** A quote whose link may answer and whose lead is still there. */
export const LIVE = 'withdrawn_at IS NULL AND lead_id IS NOT NULL';

export interface QuoteRow {
  id: string;
  lead_id: string | null;
  reference: string;
  created_by: string;
  created_at: string;
  token_hash: string | null;
  withdrawn_at: string | null;
  link_token: string | null;
}

interface VersionRow {
  quote_id: string;
  version: number;
  draft: string;
  total_cents: number | string;
  valid_until: string;
  saved_at: string;
  sent_at: string | null;
  cancellation: string | null;
}

interface AcceptanceRow {
  quote_id: string;
  version: number;
  total_cents: number | string;
  typed_name: string;
  accepted_at: string;
  cancellation: string | null;
}

interface PaymentRow {
  id: number | string;
  quote_id: string;
  paid_on: string;
  amount_cents: number | string;
  method: PaymentMethod;
  reference: string;
  recorded_by: string;
  recorded_at: string;
}

/** A version as stored; the draft was checked by `checkQuoteDraft` before it was written. */
function toVersion(row: VersionRow): QuoteVersion {
  return {
    version: Number(row.version),
    draft: JSON.parse(row.draft) as QuoteDraft,
    totalCents: Number(row.total_cents),
    validUntil: row.valid_until,
    savedAt: row.saved_at,
    sentAt: row.sent_at,
    cancellation: storedSchedule(row.cancellation),
  };
}

/** A quote's versions, oldest first. */
export async function versionsOf(db: SqlStatements, quoteId: string): Promise<QuoteVersion[]> {
  const rows = await db.all<VersionRow>('SELECT * FROM quote_versions WHERE quote_id = ? ORDER BY version', [quoteId]);
  return rows.map(toVersion);
}

/** A quote's acceptance, or null while it has none. */
export async function acceptanceOf(db: SqlStatements, quoteId: string): Promise<QuoteAcceptance | null> {
  const [row] = await db.all<AcceptanceRow>('SELECT * FROM quote_acceptances WHERE quote_id = ?', [quoteId]);
  if (!row) return null;
  const { version, total_cents: total, typed_name: typedName, accepted_at: acceptedAt } = row;
  const cancellation = storedSchedule(row.cancellation);
  return { version: Number(version), totalCents: Number(total), typedName, acceptedAt, cancellation };
}

/** A quote's decline, or null while it has none. */
export async function declineOf(db: SqlStatements, quoteId: string): Promise<QuoteDecline | null> {
  const sql = 'SELECT version, reason, declined_at FROM quote_declines WHERE quote_id = ?';
  const [row] = await db.all<{ version: number; reason: string; declined_at: string }>(sql, [quoteId]);
  return row ? { version: Number(row.version), reason: row.reason, declinedAt: row.declined_at } : null;
}

/** A quote's payments, oldest first. */
export async function paymentsOf(db: SqlStatements, quoteId: string): Promise<RecordedPayment[]> {
  const rows = await db.all<PaymentRow>('SELECT * FROM quote_payments WHERE quote_id = ? ORDER BY id', [quoteId]);
  return rows.map((row) => ({
    id: Number(row.id),
    paidOn: row.paid_on,
    amountCents: Number(row.amount_cents),
    method: row.method,
    reference: row.reference,
    recordedBy: row.recorded_by,
    recordedAt: row.recorded_at,
  }));
}

/** The version the account is kept against: the accepted one, else the newest sent. */
export function billedVersion(
  versions: readonly QuoteVersion[],
  acceptance: QuoteAcceptance | null,
): QuoteVersion | undefined {
  const sent = versions.filter((version) => version.sentAt !== null);
  return acceptance ? sent.find((version) => version.version === acceptance.version) : sent.at(-1);
}

/** A quote locked for a writer: its row as it stands and its lead, whose row holds the lock. */
export interface LockedQuote {
  quote: QuoteRow;
  lead: { id: string; reference: string };
}

/** Locks a live quote's lead, then reads the quote as it stands; undefined when either is gone or the quote is another lead's. */
export async function lockQuote(tx: SqlStatements, quoteId: string, leadId?: string): Promise<LockedQuote | undefined> {
  const [found] = await tx.all<{ lead_id: string }>(`SELECT lead_id FROM quotes WHERE id = ? AND ${LIVE}`, [quoteId]);
  if (!found || (leadId !== undefined && found.lead_id !== leadId)) return undefined;
  const reference = await lockLead(tx, found.lead_id);
  if (reference === undefined) return undefined;
  const [quote] = await tx.all<QuoteRow>(`SELECT * FROM quotes WHERE id = ? AND ${LIVE}`, [quoteId]);
  return quote ? { quote, lead: { id: found.lead_id, reference } } : undefined;
}

/** One quote with everything that hangs on it. */
async function storedQuote(db: SqlStatements, row: QuoteRow): Promise<StoredQuote> {
  const versions = await versionsOf(db, row.id);
  return {
    id: row.id,
    leadId: row.lead_id,
    reference: row.reference,
    createdAt: row.created_at,
    live: row.token_hash !== null && row.withdrawn_at === null,
    withdrawnAt: row.withdrawn_at,
    versions,
    acceptance: await acceptanceOf(db, row.id),
    decline: await declineOf(db, row.id),
    payments: await paymentsOf(db, row.id),
  };
}

/** A lead's quotes, oldest first: the lead page and the privacy export. */
export async function quotesOf(db: SqlStatements, leadId: string): Promise<StoredQuote[]> {
  const rows = await db.all<QuoteRow>('SELECT * FROM quotes WHERE lead_id = ? ORDER BY created_at, id', [leadId]);
  return Promise.all(rows.map((row) => storedQuote(db, row)));
}

/**
 * Erases the person from the quotes of leads the caller's transaction is erasing: the link stops
 * answering, the typed name and the note to the pilgrim go, the lead id goes; the reference, the
 * prices, dates and payments stay for the accounts, as the privacy policy says.
 */
async function eraseQuotePeople(tx: SqlStatements, leadIds: readonly string[]): Promise<void> {
  if (leadIds.length === 0) return;
  const quotes = await tx.all<{ id: string }>(`SELECT id FROM quotes WHERE lead_id IN (${placeholders(leadIds)})`, [
    ...leadIds,
  ]);
  for (const { id } of quotes) {
    for (const version of await versionsOf(tx, id)) {
      const draft = JSON.stringify({ ...version.draft, note: '' });
      await tx.run('UPDATE quote_versions SET draft = ? WHERE quote_id = ? AND version = ?', [
        draft,
        id,
        version.version,
      ]);
    }
    await tx.run("UPDATE quote_acceptances SET typed_name = '' WHERE quote_id = ?", [id]);
    await tx.run("UPDATE quote_declines SET reason = '' WHERE quote_id = ?", [id]);
  }
  await tx.run(
    `UPDATE quotes SET lead_id = NULL, token_hash = NULL, link_token = NULL WHERE lead_id IN (${placeholders(leadIds)})`,
    [...leadIds],
  );
}

/** A lead's quotes with their versions, acceptance and payments, in the person's export; erasure keeps the amounts. */
export const QUOTE_PERSONAL_DATA: PersonalData = {
  key: 'quotes',
  export: async (db, leadId) => quotesExport(await quotesOf(db, leadId)),
  erase: (tx, leadIds) => eraseQuotePeople(tx, leadIds),
};
