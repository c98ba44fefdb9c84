/**
 * The agency's booking settings that the server needs as well as the pages: the seller-of-travel
 * registrations, which the quote emails carry, and the cancellation schedule, which a quote is sent
 * with. Part of the site settings (`site.ts` spreads them in and validates them at build), kept
 * apart, as `site-contact.ts` is, because the server runs on Node's type stripping, where `site.ts`
 * cannot load. Edit the values here. Plain values: the quotes read the schedule through their own
 * schema (`siteCancellation` in quotes/cancellation.ts), so this file imports nothing.
 */
export const agencyBooking = {
  // Seller-of-travel registration numbers (California, Florida, Washington, Hawaii, Iowa, Nevada…):
  // printed in the footer, the terms, every quote and its emails when set. docs/editing-content.md lists the states.
  registrations: { californiaCst: '', californiaProtection: '', floridaSot: '', other: {} as Record<string, string> },
  // The cancellation charges, by days before departure: each band starts `fromDays` days before and
  // charges either `perTravelerCents` (cents for each person on the booking) or `basisPoints` of the
  // trip price (2_500 is 25%). The terms print them as a table and every quote works them out for
  // its travelers before "Accept". With no bands, no quote can be sent. Have counsel confirm them.
  cancellation: {
    bands: [
      { fromDays: 61, perTravelerCents: 10_000 },
      { fromDays: 31, basisPoints: 2_500 },
      { fromDays: 15, basisPoints: 5_000 },
      { fromDays: 0, basisPoints: 10_000 },
    ],
    note: 'Whatever the band, the charge is never less than what airlines, hotels and the visa authority keep of what we have already paid for you (such as a visa fee once the application is filed or a non-refundable ticket), and never more than the trip price.',
  },
};
