/*
 * A form's interest-list answers (a Hajj form's party and consent), written beside the lead in the
 * lead store's own transaction. The leads own the writing; the Hajj list (src/server/hajj/store.ts)
 * reads and works them, above the leads.
 */
import type { InterestAnswer } from '../../lib/forms/interest.ts';
import type { SqlStatements } from '../db/database.ts';

/** Records a sign-up's interest beside its lead, in the transaction `tx` that stores the lead. */
export async function recordInterest(
  tx: SqlStatements,
  leadId: string,
  answer: InterestAnswer,
  now: Date,
): Promise<void> {
  // Its unsubscribe links are drawn per email, when each is written out (src/server/hajj/alert-email.ts).
  await tx.run('INSERT INTO hajj_interest (lead_id, travellers, consented_at) VALUES (?, ?, ?)', [
    leadId,
    answer.travellers,
    answer.consent ? now.toISOString() : null,
  ]);
}
