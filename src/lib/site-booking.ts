/**
 * The agency's booking settings that the server needs as well as the pages: the seller-of-travel
 * registrations, which the quote emails carry, and the cancellation schedule, which a quote is sent
 * with. Part of the site settings (`site.ts` spreads them in and validates them at build), kept
 * apart, as `site-contact.ts` is, because the server runs on Node's type stripping, where `site.ts`
 * cannot load. Edit the values here. The cancellation schedule's schema is here
 * too, below the quotes that work it out and the site schema that checks it at build.
 */
import { z } from 'astro/zod';
import { MAX_AMOUNT_CENTS } from './format.ts';

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

/** A band of the schedule: it applies when the cancellation reaches us `fromDays` or more days before departure (and fewer than the band before it). */
const bandSchema = z.union([
  z.strictObject({
    fromDays: z.number().int().min(0).max(730),
    /** A fixed charge for each person on the booking, in cents ($100: 10_000). */
    perTravelerCents: z.number().int().min(1).max(MAX_AMOUNT_CENTS),
  }),
  z.strictObject({
    fromDays: z.number().int().min(0).max(730),
    /** A share of the trip price in basis points (25%: 2_500; 100%: 10_000). */
    basisPoints: z.number().int().min(1).max(10_000),
  }),
]);

/** The schedule as the site settings hold it; `bands` empty means the agency has set none, and no quote can be sent. */
export const cancellationScheduleSchema = z
  .strictObject({
    /** From the earliest cancellation (most days before departure) to the last; the last band starts at 0 days. */
    bands: z.array(bandSchema).max(8),
    /** The terms' words that go with the table wherever it is shown; may be empty. */
    note: z.string().trim().max(600),
  })
  .superRefine((schedule, context) => {
    schedule.bands.forEach((band, index) => {
      const before = schedule.bands[index - 1];
      if (before && band.fromDays >= before.fromDays) {
        context.addIssue({
          code: 'custom',
          path: ['bands', index, 'fromDays'],
          message: 'each band must start fewer days before departure than the band above it',
        });
      }
    });
    const last = schedule.bands.at(-1);
    if (last && last.fromDays !== 0) {
      context.addIssue({
        code: 'custom',
        path: ['bands', schedule.bands.length - 1, 'fromDays'],
        message: 'the last band must start at 0 days, so that every day up to departure has a charge',
      });
    }
  });

export type CancellationSchedule = z.infer<typeof cancellationScheduleSchema>;
export type CancellationBand = CancellationSchedule['bands'][number];

/** The schedule quotes are sent with, checked once when the server starts (a bad setting names its field). */
export function siteCancellation(): CancellationSchedule {
  return cancellationScheduleSchema.parse(agencyBooking.cancellation);
}
