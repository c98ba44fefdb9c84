/**
 * The trip's dates as an iCalendar file (RFC 5545) a family adds to its calendar: one all-day event
 * per day (`VALUE=DATE`, ending the next day), lines ended by CRLF and folded at 75 octets, each
 * event with a UID that stays the same across downloads so a calendar updates rather than doubles it.
 */
import { addDays } from '../agency-time.ts';
import type { TripEvent } from './family.ts';

/** A text value escaped as RFC 5545 §3.3.11 asks: backslash, semicolon, comma and line breaks. */
export function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** A content line folded at 75 octets (RFC 5545 §3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const character of line) {
    const octets = encoder.encode(character).length;
    // The first line holds 75 octets; each continuation starts with a space, so 74 more.
    if (size + octets > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += character;
    size += octets;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const basicDay = (day: string) => day.replaceAll('-', '');

/** The calendar of a trip's events, stamped `now`, with UIDs made of `uidPrefix`, each event's key and `domain`. */
export function tripCalendar(input: {
  events: readonly TripEvent[];
  uidPrefix: string;
  domain: string;
  productId: string;
  calendarName: string;
  now: Date;
}): string {
  const stamp = `${input.now.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${input.productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(input.calendarName)}`,
    ...input.events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${input.uidPrefix}-${event.key}@${input.domain}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${basicDay(event.on)}`,
      `DTEND;VALUE=DATE:${basicDay(addDays(event.on, 1))}`,
      `SUMMARY:${icsText(event.summary)}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
