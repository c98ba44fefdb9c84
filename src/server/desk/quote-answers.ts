/*
 * The pilgrim's answers to a quote, given by its link: an acceptance or a decline, each recorded once
 * per quote (the table's key says so, whatever two clicks race). quote-store.ts runs them in its
 * transactions; they write the quote tables it owns and the lead's history through the pipeline.
 */
import { formatCents } from '../../lib/quotes/money.ts';
import type { QuoteAcceptance, QuoteDecline, QuoteVersion } from '../../lib/quotes/records.ts';
import { isWellFormedToken } from '../../lib/quotes/token.ts';
import type { SqlStatements } from '../db/database.ts';
import { tokenHash } from './auth.ts';
import { advanceStatus, recordHistory, setFollowUp } from './pipeline-store.ts';
import { BEFORE_BOOKED } from './quote-payments.ts';
import * as records from './quote-records.ts';

export type AcceptOutcome =
  | { outcome: 'accepted' | 'already-accepted'; acceptance: QuoteAcceptance }
  | { outcome: 'expired' | 'superseded' | 'not-found' | 'name-needed' };
export type DeclineOutcome =
  | { outcome: 'declined' | 'already-declined'; decline: QuoteDecline }
  | { outcome: 'already-accepted'; acceptance: QuoteAcceptance }
  | { outcome: 'superseded' | 'not-found' | 'reason-too-long' };

/** How the history names the pilgrim, who has no staff account. */
const PILGRIM = 'pilgrim';
const DECLINE_REASON_MAX_LENGTH = 1_000;

/** The live quote a token opens, or undefined; a malformed token is never looked up. */
export async function quoteOfToken(db: SqlStatements, token: string): Promise<records.QuoteRow | undefined> {
  if (!isWellFormedToken(token)) return undefined;
  const sql = `SELECT * FROM quotes WHERE token_hash = ? AND ${records.LIVE}`;
  return (await db.all<records.QuoteRow>(sql, [tokenHash(token)]))[0];
}

/** Locks the quote a token opens with its lead, its acceptance and its newest sent version (the one on offer). */
async function lockByToken(tx: SqlStatements, token: string) {
  const found = await quoteOfToken(tx, token);
  const locked = found && (await records.lockQuote(tx, found.id));
  if (!locked) return undefined;
  const offered: QuoteVersion | undefined = records.billedVersion(await records.versionsOf(tx, found.id), null);
  return offered && { ...locked, offered, acceptance: await records.acceptanceOf(tx, found.id) };
}

/** Records an acceptance of the version on offer, once, with today's follow-up to take the deposit; an expired or superseded version is refused. */
export async function acceptQuote(
  tx: SqlStatements,
  answer: { token: string; version: number; typedName: string; today: string; at: string },
): Promise<AcceptOutcome> {
  const name = answer.typedName.trim().replace(/\s+/g, ' ');
  if (name.length < 2 || name.length > 200) return { outcome: 'name-needed' };
  const locked = await lockByToken(tx, answer.token);
  if (!locked) return { outcome: 'not-found' };
  const { quote, lead, offered } = locked;
  const { at } = answer;
  if (locked.acceptance) return { outcome: 'already-accepted', acceptance: locked.acceptance };
  if (offered.version !== answer.version) return { outcome: 'superseded' };
  if (offered.validUntil < answer.today) return { outcome: 'expired' };
  const acceptance = { version: offered.version, totalCents: offered.totalCents, typedName: name, acceptedAt: at };
  await tx.run(
    'INSERT INTO quote_acceptances (quote_id, version, total_cents, typed_name, accepted_at) VALUES (?, ?, ?, ?, ?)',
    [quote.id, offered.version, offered.totalCents, name, at],
  );
  const detail = `Quote accepted: version ${offered.version}, ${formatCents(offered.totalCents)}`;
  await recordHistory(tx, lead, { actor: PILGRIM, at, action: 'quote', detail });
  await setFollowUp(tx, lead, answer.today, 'take the deposit', PILGRIM, at);
  // A deposit taken before the pilgrim accepted online: the booking is made now.
  if ((await records.paymentsOf(tx, quote.id)).length > 0) {
    await advanceStatus(tx, lead, BEFORE_BOOKED, 'booked', PILGRIM, at);
  }
  return { outcome: 'accepted', acceptance };
}

/** Records a decline of the version on offer with the pilgrim's optional reason, once; an accepted quote stays accepted. */
export async function declineQuote(
  tx: SqlStatements,
  answer: { token: string; version: number; reason: string; at: string },
): Promise<DeclineOutcome> {
  const reason = answer.reason.trim();
  if (reason.length > DECLINE_REASON_MAX_LENGTH) return { outcome: 'reason-too-long' };
  const locked = await lockByToken(tx, answer.token);
  if (!locked) return { outcome: 'not-found' };
  if (locked.acceptance) return { outcome: 'already-accepted', acceptance: locked.acceptance };
  const earlier = await records.declineOf(tx, locked.quote.id);
  if (earlier) return { outcome: 'already-declined', decline: earlier };
  if (locked.offered.version !== answer.version) return { outcome: 'superseded' };
  const decline = { version: answer.version, reason, declinedAt: answer.at };
  await tx.run('INSERT INTO quote_declines (quote_id, version, reason, declined_at) VALUES (?, ?, ?, ?)', [
    locked.quote.id,
    answer.version,
    reason,
    answer.at,
  ]);
  const detail = `Quote declined: version ${answer.version}`;
  await recordHistory(tx, locked.lead, { actor: PILGRIM, at: answer.at, action: 'quote', detail });
  return { outcome: 'declined', decline };
}
