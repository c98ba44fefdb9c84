/*
 * The pilgrim's answers to a quote, given by its link: an acceptance or a decline, each recorded once
 * per quote (the table's key says so, whatever two clicks race), and questions, which land on the
 * lead as the pilgrim's notes. quote-store.ts runs them in its transactions; they write the quote
 * tables it owns, and the lead's notes and history through the pipeline.
 */
import {
  DECLINE_REASON_MAX_LENGTH,
  QUESTION_MAX_LENGTH,
  TYPED_NAME_MAX_LENGTH,
  TYPED_NAME_MIN_LENGTH,
  normalName,
  normalText,
} from '../../lib/quotes/answers.ts';
import { containsCardNumber } from '../../lib/card-number.ts';
import { offeredSchedule } from '../../lib/quotes/cancellation.ts';
import type { CancellationSchedule } from '../../lib/site-booking.ts';
import { formatCents } from '../../lib/quotes/money.ts';
import type { QuoteAcceptance, QuoteDecline, QuoteQuestion, QuoteVersion } from '../../lib/quotes/records.ts';
import { isWellFormedToken } from '../../lib/quotes/token.ts';
import type { SqlStatements } from '../db/database.ts';
import { tokenHash } from '../secrets.ts';
import { advanceStatus, findNote, insertNote, recordHistory, setFollowUp } from '../pipeline/trail.ts';
import { BEFORE_BOOKED } from './payments.ts';
import * as records from './records.ts';

export type AcceptOutcome =
  | { outcome: 'accepted' | 'already-accepted'; acceptance: QuoteAcceptance }
  | { outcome: 'expired' | 'superseded' | 'not-found' | 'name-needed' };
export type DeclineOutcome =
  | { outcome: 'declined' | 'already-declined'; decline: QuoteDecline }
  | { outcome: 'already-accepted'; acceptance: QuoteAcceptance }
  | { outcome: 'superseded' | 'not-found' | 'reason-too-long' | 'card-number' };
/** `lead` says whose question it is, for the notification that tells staff. */
export type AskOutcome =
  | {
      outcome: 'asked' | 'already-asked';
      question: QuoteQuestion;
      quoteId: string;
      lead: { id: string; reference: string };
    }
  | { outcome: 'not-found' | 'question-needed' | 'question-too-long' | 'card-number' };

/** How the history names the pilgrim, who has no staff account. */
const PILGRIM = 'pilgrim';
/** The same words from the same link within a day are one question: a double click, or a form sent again. */
const REPEATED_QUESTION_MS = 24 * 60 * 60 * 1000;

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

/**
 * Records an acceptance of the version on offer, once, with the cancellation charges the page showed
 * (the version's own, or for a version sent before schedules `current`) and today's follow-up to take
 * the deposit; an expired or superseded version is refused.
 */
export async function acceptQuote(
  tx: SqlStatements,
  answer: {
    token: string;
    version: number;
    typedName: string;
    today: string;
    at: string;
    current: CancellationSchedule | null;
  },
): Promise<AcceptOutcome> {
  const name = normalName(answer.typedName);
  if (name.length < TYPED_NAME_MIN_LENGTH || name.length > TYPED_NAME_MAX_LENGTH) return { outcome: 'name-needed' };
  const locked = await lockByToken(tx, answer.token);
  if (!locked) return { outcome: 'not-found' };
  const { quote, lead, offered } = locked;
  const { at } = answer;
  if (locked.acceptance) return { outcome: 'already-accepted', acceptance: locked.acceptance };
  if (offered.version !== answer.version) return { outcome: 'superseded' };
  if (offered.validUntil < answer.today) return { outcome: 'expired' };
  const cancellation = offeredSchedule(offered.cancellation, answer.current);
  const acceptance = {
    version: offered.version,
    totalCents: offered.totalCents,
    typedName: name,
    acceptedAt: at,
    cancellation,
  };
  await tx.run(
    `INSERT INTO quote_acceptances
      (quote_id, version, total_cents, typed_name, accepted_at, cancellation, departure_on, return_on)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      quote.id,
      offered.version,
      offered.totalCents,
      name,
      at,
      cancellation && JSON.stringify(cancellation),
      // The booking's days, kept beside it so its readers never parse the draft (src/server/quotes/bookings.ts).
      offered.draft.departureOn,
      offered.draft.returnOn,
    ],
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
  const reason = normalText(answer.reason);
  if (reason.length > DECLINE_REASON_MAX_LENGTH) return { outcome: 'reason-too-long' };
  if (containsCardNumber(reason)) return { outcome: 'card-number' };
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

/**
 * Puts the pilgrim's question on the lead as a note of theirs, with a line in its history; the same
 * words again within a day change nothing. A version the link never showed is not found.
 */
export async function askQuestion(
  tx: SqlStatements,
  answer: { token: string; version: number; text: string; at: string },
): Promise<AskOutcome> {
  const text = normalText(answer.text);
  if (text === '') return { outcome: 'question-needed' };
  if (text.length > QUESTION_MAX_LENGTH) return { outcome: 'question-too-long' };
  if (containsCardNumber(text)) return { outcome: 'card-number' };
  const locked = await lockByToken(tx, answer.token);
  if (!locked || !(answer.version >= 1 && answer.version <= locked.offered.version)) return { outcome: 'not-found' };
  const { lead, quote } = locked;
  const since = new Date(Date.parse(answer.at) - REPEATED_QUESTION_MS).toISOString();
  const earlier = await findNote(tx, lead.id, PILGRIM, text, since);
  if (earlier) {
    const question = { version: answer.version, text, askedAt: earlier.createdAt };
    return { outcome: 'already-asked', question, quoteId: quote.id, lead };
  }
  await insertNote(tx, lead.id, { author: PILGRIM, at: answer.at, body: text });
  const detail = `Question asked about version ${answer.version} (in the notes)`;
  await recordHistory(tx, lead, { actor: PILGRIM, at: answer.at, action: 'quote', detail });
  return { outcome: 'asked', question: { version: answer.version, text, askedAt: answer.at }, quoteId: quote.id, lead };
}
