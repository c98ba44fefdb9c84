/*
 * A form's interest-list answers (a Hajj form's party and consent), written beside the lead in the
 * lead store's own transaction. The leads own the writing; the Hajj list (src/server/hajj/store.ts)
 * reads and works them, above the leads.
 */
import { randomBytes } from 'node:crypto';
import type { InterestAnswer } from '../../lib/forms/interest.ts';
import type { SqlStatements } from '../db/database.ts';

/** A new unsubscribe token: 32 random bytes, 43 URL-safe characters, drawn per sign-up. */
function newUnsubscribeToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Records a sign-up's interest beside its lead, in the transaction `tx` that stores the lead. */
export async function recordInterest(
  tx: SqlStatements,
  leadId: string,
  answer: InterestAnswer,
  now: Date,
): Promise<void> {
  await tx.run('INSERT INTO hajj_interest (lead_id, travellers, consented_at, unsubscribe_token) VALUES (?, ?, ?, ?)', [
    leadId,
    answer.travellers,
    answer.consent ? now.toISOString() : null,
    newUnsubscribeToken(),
  ]);
}
