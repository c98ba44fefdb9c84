/*
 * The published reviews as the public pages read them (a package's page, the listing, the home
 * page's part, the comparison), the cheap line per package the server compares between looks to
 * redraw only the pages whose reviews changed (refresh.ts), and the dashboard's figures of every
 * invited booking. Reads only; the reviews are written and moderated by store.ts.
 */
import { languageOr } from '../../lib/languages.ts';
import type { InvitedBooking, PublishedReview } from '../../lib/reviews/summary.ts';
import type { SqlDatabase } from '../db/database.ts';
import { MODERATED, entryOf, hotelsOf, type ModeratedRow, type ReviewStatus } from './store.ts';

/** A published review's row as the pages show it. */
function toPublished(row: ModeratedRow): PublishedReview {
  return {
    quoteId: row.quote_id,
    packageSlug: row.package_slug,
    ...entryOf(row),
    travelledOn: row.departure_on,
    publishedAt: row.decided_at!,
    reply: row.reply === null ? null : { text: row.reply, at: row.replied_at ?? row.decided_at! },
    erased: row.erased_at !== null,
    language: languageOr(row.language),
  };
}

/** The published reviews and the dashboard's figures, alike on SQLite and PostgreSQL. */
export class PublishedReviews {
  private readonly db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.db = db;
  }

  /** A package's published reviews, newest published first: what `summarizeReviews` sums up for its page. */
  async publishedOf(packageSlug: string): Promise<PublishedReview[]> {
    const rows = await this.db.all<ModeratedRow>(
      `${MODERATED} WHERE review_invitations.package_slug = ? AND reviews.status = 'published'
       ORDER BY reviews.decided_at DESC, reviews.quote_id`,
      [packageSlug],
    );
    return rows.map(toPublished);
  }

  /**
   * The home page's part: the count and ratings' sum of every package's published reviews, and the
   * newest `shown` with their words, rather than every review of every package to show three.
   */
  async forHome(shown: number): Promise<{ count: number; ratingSum: number; newest: PublishedReview[] }> {
    const [totals] = await this.db.all<{ count: number | string; rating_sum: number | string | null }>(
      `SELECT COUNT(*) AS count, SUM(reviews.rating) AS rating_sum
       FROM reviews JOIN review_invitations ON review_invitations.quote_id = reviews.quote_id
       WHERE reviews.status = 'published' AND review_invitations.package_slug IS NOT NULL`,
    );
    const rows = await this.db.all<ModeratedRow>(
      `${MODERATED} WHERE review_invitations.package_slug IS NOT NULL AND reviews.status = 'published'
         AND reviews.erased_at IS NULL
       ORDER BY reviews.decided_at DESC, reviews.quote_id LIMIT ?`,
      [shown],
    );
    return {
      count: Number(totals?.count ?? 0),
      ratingSum: Number(totals?.rating_sum ?? 0),
      newest: rows.map(toPublished),
    };
  }

  /**
   * Each package's published reviews in one cheap line (count, last decision, reply and erasure):
   * the server compares it between looks to re-render only the package pages whose reviews changed.
   */
  async publishedFingerprints(): Promise<Map<string, string>> {
    const rows = await this.db.all<{
      package_slug: string;
      count: number | string;
      decided: string | null;
      replied: string | null;
      erased: string | null;
    }>(
      `SELECT review_invitations.package_slug, COUNT(*) AS count, MAX(reviews.decided_at) AS decided,
         MAX(reviews.replied_at) AS replied, MAX(reviews.erased_at) AS erased
       FROM reviews JOIN review_invitations ON review_invitations.quote_id = reviews.quote_id
       WHERE reviews.status = 'published' AND review_invitations.package_slug IS NOT NULL
       GROUP BY review_invitations.package_slug`,
    );
    return new Map(
      rows.map((row) => [
        row.package_slug,
        `${Number(row.count)}|${row.decided ?? ''}|${row.replied ?? ''}|${row.erased ?? ''}`,
      ]),
    );
  }

  /** Every invited booking with its review, for the dashboard's figures (`reviewFigures`). */
  async invitedBookings(): Promise<InvitedBooking[]> {
    const rows = await this.db.all<{
      package_slug: string | null;
      status: ReviewStatus | null;
      rating: number | string | null;
      hotel_makkah: string | null;
      hotel_madinah: string | null;
    }>(
      `SELECT review_invitations.package_slug, reviews.status, reviews.rating, reviews.hotel_makkah, reviews.hotel_madinah
       FROM review_invitations LEFT JOIN reviews ON reviews.quote_id = review_invitations.quote_id`,
    );
    return rows.map((row) => ({
      packageSlug: row.package_slug,
      review: row.status === null ? null : { status: row.status, rating: Number(row.rating), hotels: hotelsOf(row) },
    }));
  }
}
