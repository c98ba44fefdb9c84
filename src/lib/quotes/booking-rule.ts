/**
 * One rule for when a quote's price is fixed and when the booking is confirmed, in the
 * terms' own sentences: the terms (src/content/pages/terms-conditions.mdx), the quote page and the
 * quote's emails print these constants, so the four places cannot drift apart.
 */

/** How long the quoted price holds. */
export const PRICE_GUARANTEED_WHEN =
  'The price on your quote is guaranteed until its "valid until" date, if your deposit reaches us by then.';

/** What the deposit secures, and what happens without it. */
export const HELD_WHEN =
  'Flights and hotel rooms are held for you once we have the deposit; after that date, or without it, we check availability and the price again before going ahead.';

/** When the booking is confirmed. */
export const BOOKING_CONFIRMED_WHEN =
  'Your booking is confirmed when we have your deposit and have sent you the written confirmation.';
