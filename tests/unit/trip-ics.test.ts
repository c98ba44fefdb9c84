import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { foldLine, icsText, tripCalendar } from '@/lib/trips/ics';

/* The trip's calendar file, checked against RFC 5545 and read back by a real parser (ical.js). */

const NOW = new Date('2026-11-20T15:04:05.678Z');
const calendar = (summary = 'Visa window opens for 2 travellers') =>
  tripCalendar({
    events: [
      { on: '2027-03-10', key: 'departure', summary: 'Umrah trip: departure' },
      { on: '2027-02-09', key: 'visa-opens-2027-02-09', summary },
    ],
    uidPrefix: 'quote-1',
    domain: 'miqat-travel.example',
    productId: '-//Miqat Travel//Trip dates//EN',
    calendarName: 'Umrah trip with Miqat Travel',
    now: NOW,
  });

describe('the trip calendar file', () => {
  it('escapes text values as RFC 5545 asks', () => {
    expect(icsText('a, b; c\\d\ne')).toBe('a\\, b\\; c\\\\d\\ne');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(parts.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:1')).toBe('SHORT:1');
  });

  it('ends every line with CRLF and has a UID, DTSTAMP and all-day dates on each event', () => {
    const text = calendar();
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text).toContain('UID:quote-1-departure@miqat-travel.example\r\n');
    expect(text).toContain('DTSTAMP:20261120T150405Z\r\n');
    expect(text).toContain('DTSTART;VALUE=DATE:20270310\r\nDTEND;VALUE=DATE:20270311\r\n');
  });

  it('parses with ical.js into the events given, all-day, with their summaries', () => {
    const long = `Last day to apply for the visa for 12 travellers, with a note; long enough to fold over the line`;
    const component = new ICAL.Component(ICAL.parse(calendar(long)));
    const events = component.getAllSubcomponents('vevent').map((each) => new ICAL.Event(each));
    expect(events.map((event) => [event.summary, event.startDate.toString(), event.startDate.isDate])).toEqual([
      ['Umrah trip: departure', '2027-03-10', true],
      [long, '2027-02-09', true],
    ]);
    expect(events.map((event) => event.endDate.toString())).toEqual(['2027-03-11', '2027-02-10']);
    expect(component.getFirstPropertyValue('version')).toBe('2.0');
  });
});
