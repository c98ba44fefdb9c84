/*
 * The desk's departures: the board's page (`/admin/departures`) and the dashboard's departed
 * bookings, read from this process's store on the agency's day. The pages render what these answer.
 */
import { agencyDay } from '../../lib/agency-time.ts';
import { agencyContact } from '../../lib/site-contact.ts';
import {
  BOARD_WITHIN_DAYS,
  departedFigures,
  departureWindow,
  departuresBoard,
  readDepartureFilter,
  type DepartedFigures,
} from '../../lib/trips/departures.ts';
import { leadApi } from '../leads/instance.ts';
import { departingBookings } from './departures.ts';
import { tripRules } from './rules.ts';

/** The departures board as the address asks it (`?show=blocked`), on the agency's today. */
export async function departuresPage(search: URLSearchParams, now = new Date()) {
  const today = agencyDay(now, agencyContact.timeZone);
  const filter = readDepartureFilter(search);
  const { from, to } = departureWindow(today, BOARD_WITHIN_DAYS);
  const { bookings, travellers } = await departingBookings(leadApi.store.database, from, to);
  return { filter, ...departuresBoard({ bookings, travellers, today, rules: tripRules(), filter }) };
}

/** The dashboard's departed bookings from its first day to the day before the agency's today. */
export async function departedSince(
  firstDay: string,
  retentionDays: number,
  now = new Date(),
): Promise<DepartedFigures> {
  const today = agencyDay(now, agencyContact.timeZone);
  const { bookings, travellers } = await departingBookings(leadApi.store.database, firstDay, today);
  return departedFigures({
    bookings,
    travellers,
    from: firstDay,
    today,
    retentionDays,
    rules: tripRules(),
  });
}
