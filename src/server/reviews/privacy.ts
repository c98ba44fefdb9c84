/*
 * A person's reviews in the privacy registry (src/server/personal-data.ts): the invitations they
 * were sent and the review they wrote, in their export; erasure keeps only a review's rating and
 * hotel answers, as the public policy says, and stops its links.
 */
import { placeholders, type SqlStatements } from '../db/database.ts';
import type { PersonalData } from '../pipeline/personal-data.ts';
import { toReview, type HeldReview, type ReviewRow } from './store.ts';

/** The reviews a person gave and the invitations they were sent, for the person's export. */
async function reviewsOf(db: SqlStatements, leadId: string): Promise<HeldReview[]> {
  const rows = await db.all<{
    reference: string;
    invited_at: string;
    reminded_at: string | null;
    quote_id: string;
  }>(
    `SELECT quotes.reference, review_invitations.invited_at, review_invitations.reminded_at, review_invitations.quote_id
     FROM review_invitations JOIN quotes ON quotes.id = review_invitations.quote_id
     WHERE review_invitations.lead_id = ? ORDER BY review_invitations.invited_at`,
    [leadId],
  );
  return Promise.all(
    rows.map(async (row) => {
      const [review] = await db.all<ReviewRow>('SELECT * FROM reviews WHERE quote_id = ?', [row.quote_id]);
      return {
        reference: row.reference,
        invitedAt: row.invited_at,
        remindedAt: row.reminded_at,
        review: review ? toReview(review) : null,
      };
    }),
  );
}

/**
 * Erases the reviews of leads the caller's transaction has locked, before their quotes lose the
 * lead: the name, city, title and words go (and the reply to them); the rating and the hotel answers
 * stay in the figures, as the policy says; the links stop working.
 */
async function eraseReviewsOf(tx: SqlStatements, leadIds: readonly string[], now = new Date()): Promise<void> {
  if (leadIds.length === 0) return;
  const list = placeholders(leadIds);
  const quotes = `SELECT quote_id FROM review_invitations WHERE lead_id IN (${list})`;
  await tx.run(
    `UPDATE reviews SET title = '', body = '', display_name = '', city = '', reply = NULL, replied_by = NULL,
       replied_at = NULL, erased_at = ? WHERE quote_id IN (${quotes})`,
    [now.toISOString(), ...leadIds],
  );
  await tx.run(`DELETE FROM review_links WHERE quote_id IN (${quotes})`, leadIds);
  await tx.run(`UPDATE review_invitations SET lead_id = NULL WHERE lead_id IN (${list})`, leadIds);
}

/** Each review invitation and the review written (an erased one keeps its rating and hotels only), in the person's export. */
export const REVIEW_PERSONAL_DATA: PersonalData = {
  key: 'reviews',
  export: reviewsOf,
  erase: eraseReviewsOf,
};
