/*
 * The family's trip reminder as an outbox kind: the outbox row names the booking, the deadline and
 * the travellers by position only; the email is written when it is sent, from the facts and the
 * booking as they are that day, so an edited fact changes what it says, and a booking opted out,
 * withdrawn or erased since gets nothing. Each email carries its one opt-out link (opt-out.ts).
 */
import { agencyDay } from '../../lib/agency-time.ts';
import { facts as siteFacts } from '../../lib/facts.ts';
import type { Delivery } from '../../lib/outbox/model.ts';
import { quoteLink } from '../../lib/quotes/token.ts';
import { agencyContact } from '../../lib/site-contact.ts';
import { bilingualMail } from '../../lib/i18n/bilingual.ts';
import { isReminderDeadline, reminderEmail, reminderLabel } from '../../lib/trips/reminders.ts';
import { tripSpeech } from '../../lib/trips/speech.ts';
import { messageKind, type OutboxContext } from '../outbox/kinds.ts';
import { composedMail, type MailMessage } from '../outbox/mail.ts';
import { serverConfig } from '../config.ts';
import { ACCEPTED_VERSION } from '../quotes/bookings.ts';
import { bookingLanguage } from './language.ts';
import { tripMailOptedOut, tripOptOutLink } from './opt-out.ts';
import { bookingsFacts, type TripReminderMessage, type TripReminderSettings } from './reminder-schedule.ts';
import { TravellerStore } from './store.ts';

/**
 * Writes a reminder out when it is due: null (sent to no one) when its booking was opted out,
 * withdrawn, replaced or erased since, the trip has begun, or nothing is left to say.
 */
async function composeReminder(
  delivery: Delivery,
  message: TripReminderMessage,
  context: OutboxContext,
  settings: Omit<TripReminderSettings, 'balanceDaysBefore'>,
): Promise<MailMessage | null> {
  const db = context.database;
  const leadId = delivery.leadId;
  if (leadId === null || !isReminderDeadline(message.deadline)) return null;
  if (await tripMailOptedOut(db, message.quoteId)) return null;
  const store = new TravellerStore(db);
  const booking = await store.bookingOf(leadId);
  if (booking?.quoteId !== message.quoteId) return null;
  const [quote] = await db.all<{ link_token: string | null; version: number | string }>(
    `SELECT quotes.link_token, acc.version FROM ${ACCEPTED_VERSION} WHERE quotes.id = ?`,
    [message.quoteId],
  );
  if (!quote?.link_token) return null;
  const today = agencyDay(context.now, settings.timeZone);
  const read = await bookingsFacts(
    store,
    db,
    [{ quoteId: booking.quoteId, leadId, version: Number(quote.version), draft: booking.draft }],
    today,
    { facts: settings.facts, balanceDaysBefore: 0 },
  );
  const { facts } = read.get(booking.quoteId)!;
  if (today >= facts.trip.departureOn) return null;
  const current = settings.facts();
  const { adult, child, infant } = booking.quoted;
  const words = {
    deadline: message.deadline,
    reference: booking.reference,
    facts,
    quotedTravellers: adult + child + infant,
    positions: message.positions,
    tripUrl: quoteLink(context.siteUrl, quote.link_token),
    siteUrl: context.siteUrl,
    words: {
      umrahWindow: current.visa.umrahWindow.text,
      nusuk: String(current.permits.nusuk.text),
      entry: current.entry,
      retentionDays: serverConfig().TRAVELLER_RETENTION_DAYS,
    },
  };
  // Written first without a link: a reminder with nothing to say issues none.
  if (reminderEmail({ ...words, optOutUrl: '' }) === null) return null;
  const link = await tripOptOutLink(
    db,
    context.siteUrl,
    { quoteId: message.quoteId, leadId },
    context.now,
    delivery.id,
  );
  // In the booking's language, with the English below for the person who booked (decisions, fifth round).
  const lang = await bookingLanguage(db, message.quoteId);
  const english = reminderEmail({ ...words, optOutUrl: link }, tripSpeech('en'), lang)!;
  const email = bilingualMail(lang, reminderEmail({ ...words, optOutUrl: link }, tripSpeech(lang))!, english);
  return {
    ...composedMail(delivery, { audience: 'pilgrim', ...email }, context.from),
    headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** The trip reminder as an outbox kind, reading `settings.facts()` when each email is written. */
export function tripReminderKind(settings: Omit<TripReminderSettings, 'balanceDaysBefore'>) {
  return messageKind<TripReminderMessage>({
    kind: 'trip-reminder',
    label: (message) => reminderLabel(message.deadline),
    compose: (delivery, message, context) => composeReminder(delivery, message, context, settings),
  });
}

/** The trip reminder kind on the site's own facts, for the registry. */
export const TRIP_REMINDER_KIND = tripReminderKind({ facts: () => siteFacts, timeZone: agencyContact.timeZone });
