import { describe, expect, it } from 'vitest';
import { agencyHour, agencyInstant, weekdayOf } from '@/lib/agency-time';
import {
  SECTION_LIMIT,
  digestEmail,
  digestFor,
  digestIsEmpty,
  firstContactAlertEmail,
  type DigestFacts,
  type DigestLead,
  type DigestMember,
} from '@/lib/desk/digest';
import { findForm } from '@/lib/forms/definitions';
import { officeMsBetween, openingOf, waitedOfficeHours, type OpeningRow } from '@/lib/desk/office-hours';
import { outboxKinds } from '@/server/message-kinds';
import { agencyContact } from '@/lib/site-contact';

/*
 * The business-hours clock and the digest's and alert's words: pure, from the site settings' own
 * opening hours (Monday-Friday 9-18, Saturday 10-16, Sunday closed) in the office's zone.
 */

const { hours, timeZone } = agencyContact;
const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);
const between = (from: string, to: string, rows: readonly OpeningRow[] = hours) =>
  officeMsBetween(at(from), at(to), rows, timeZone) / HOUR;

describe("the office's clock", () => {
  it('reads the wall clock of the office on its days, whatever the season', () => {
    expect(agencyInstant('2026-11-27', '09:00', timeZone)).toBe('2026-11-27T15:00:00.000Z');
    expect(agencyInstant('2026-07-03', '09:00', timeZone)).toBe('2026-07-03T14:00:00.000Z');
    expect(agencyHour(at('2026-11-27T14:59:00Z'), timeZone)).toBe(8);
    expect(weekdayOf('2026-11-29')).toBe('Sunday');
    expect(openingOf('2026-11-29', hours, timeZone)).toBeNull();
    expect(openingOf('2026-11-28', hours, timeZone)).toEqual({
      opensMs: Date.parse('2026-11-28T16:00:00Z'),
      closesMs: Date.parse('2026-11-28T22:00:00Z'),
    });
  });

  it('counts only the opening hours: within a day, across a night and across a closed Sunday', () => {
    // Friday 10:00 to 12:30 in Austin.
    expect(between('2026-11-27T16:00:00Z', '2026-11-27T18:30:00Z')).toBe(2.5);
    // Friday 17:00 to Saturday 11:00: an hour before closing, an hour after opening.
    expect(between('2026-11-27T23:00:00Z', '2026-11-28T17:00:00Z')).toBe(2);
    // Saturday 15:00 to Monday 10:00: Sunday is closed.
    expect(between('2026-11-28T21:00:00Z', '2026-11-30T16:00:00Z')).toBe(2);
    // Sent at night and read at night: no office time at all.
    expect(between('2026-11-28T03:00:00Z', '2026-11-28T05:00:00Z')).toBe(0);
    expect(between('2026-11-28T05:00:00Z', '2026-11-28T03:00:00Z')).toBe(0);
  });

  it('keeps to the wall clock across a change of the clocks, and counts the real hours of that day', () => {
    // Saturday 31 October 15:00 CDT to Monday 2 November 10:00 CST, over the night the clocks went back.
    expect(between('2026-10-31T20:00:00Z', '2026-11-02T16:00:00Z')).toBe(2);
    // Open 01:00-04:00 on the Sunday they go back: four real hours (one of them shown twice).
    const sunday = [{ dayOfWeek: ['Sunday'], opens: '01:00', closes: '04:00' }];
    expect(between('2026-11-01T00:00:00Z', '2026-11-01T12:00:00Z', sunday)).toBe(4);
    // And on the Sunday they go forward (8 March), two.
    expect(between('2026-03-08T00:00:00Z', '2026-03-08T12:00:00Z', sunday)).toBe(2);
  });

  it('says when an enquiry has waited the target in office hours', () => {
    const received = at('2026-11-27T22:30:00Z'); // Friday 16:30
    expect(waitedOfficeHours(received, at('2026-11-28T16:29:00Z'), 2, hours, timeZone)).toBe(false);
    expect(waitedOfficeHours(received, at('2026-11-28T16:30:00Z'), 2, hours, timeZone)).toBe(true);
  });
});

const AMINA: DigestMember = { id: 'amina', email: 'amina@agency.example', role: 'agent' };
const OMAR: DigestMember = { id: 'omar', email: 'omar@agency.example', role: 'owner' };
const SITE = 'https://miqat-travel.example';

function line(reference: string, assigneeId: string | null, name = ''): DigestLead {
  return {
    leadId: `id-${reference}`,
    reference,
    name,
    assigneeId,
    assigneeEmail: assigneeId && `${assigneeId}@agency.example`,
  };
}

const FACTS: DigestFacts = {
  today: '2026-11-26',
  followUps: [
    { ...line('MQ-AAAAA1', 'amina', 'Layla Haddad'), followUp: '2026-11-26' },
    { ...line('MQ-AAAAA2', 'amina'), followUp: '2026-11-20' },
    { ...line('MQ-BBBBB1', 'bilal'), followUp: '2026-11-25' },
    { ...line('MQ-NOONE1', null), followUp: '2026-11-26' },
  ],
  unassigned: [{ ...line('MQ-NEW001', null, 'Yusuf Khan'), formId: 'houston', receivedAt: '2026-11-25T23:10:00Z' }],
  unassignedTotal: 1,
  expiring: [{ ...line('MQ-AAAAA3', 'amina'), validUntil: '2026-11-27', totalCents: 545_250 }],
  balances: [
    { ...line('MQ-AAAAA4', 'amina'), label: 'Deposit', dueOn: '2026-11-28', outstandingCents: 150_000 },
    { ...line('MQ-BBBBB2', 'bilal'), label: 'Balance', dueOn: '2026-11-24', outstandingCents: 395_250 },
  ],
  departures: [],
};

const refs = (items: readonly DigestLead[]) => items.map((item) => item.reference);

describe('the morning digest', () => {
  it("gives an agent their own work and what nobody has taken; an owner also the unassigned's and the team's overdue", () => {
    const amina = digestFor(AMINA, FACTS);
    expect(refs(amina.dueToday)).toEqual(['MQ-AAAAA1']);
    expect(refs(amina.overdue)).toEqual(['MQ-AAAAA2']);
    expect(refs(amina.unassigned)).toEqual(['MQ-NEW001']);
    expect(refs(amina.expiring)).toEqual(['MQ-AAAAA3']);
    expect(refs(amina.balances)).toEqual(['MQ-AAAAA4']);
    expect(amina.othersOverdue).toEqual([]);
    const omar = digestFor(OMAR, FACTS);
    expect(refs(omar.dueToday)).toEqual(['MQ-NOONE1']);
    expect(refs(omar.othersOverdue)).toEqual(['MQ-AAAAA2', 'MQ-BBBBB1']);
    expect(refs(omar.othersBalancesOverdue)).toEqual(['MQ-BBBBB2']);
    expect(digestIsEmpty(amina)).toBe(false);
    const quiet = {
      today: '2026-11-26',
      followUps: [],
      unassigned: [],
      unassignedTotal: 0,
      expiring: [],
      balances: [],
      departures: [],
    };
    expect(digestIsEmpty(digestFor(OMAR, quiet))).toBe(true);
  });

  it('names the bookings departing within 45 days and not ready, linked, only when there are any', () => {
    const departing = (reference: string, assigneeId: string | null, departureOn: string) => ({
      leadId: `id-${reference}`,
      reference,
      name: reference === 'MQ-TRIP01' ? 'Layla Haddad' : '',
      assigneeId,
      departureOn,
      waiting: 0,
    });
    const facts = {
      ...FACTS,
      followUps: [],
      unassigned: [],
      unassignedTotal: 0,
      expiring: [],
      balances: [],
      departures: [
        departing('MQ-TRIP01', 'amina', '2026-12-03'),
        departing('MQ-TRIP02', 'bilal', '2027-01-05'),
        departing('MQ-TRIP03', null, '2027-01-09'),
      ],
    };
    const amina = digestFor(AMINA, facts);
    expect(amina.departures.map((item) => item.reference)).toEqual(['MQ-TRIP01']);
    expect(digestIsEmpty(amina)).toBe(false);
    const omar = digestFor(OMAR, facts);
    expect(omar.departures.map((item) => item.reference)).toEqual(['MQ-TRIP01', 'MQ-TRIP02', 'MQ-TRIP03']);
    const { subject, text } = digestEmail(omar, { siteUrl: SITE, timeZone });
    expect(subject).toBe('Your desk today: 3 departures not ready');
    expect(text).toContain(
      [
        'Departing within 45 days and not ready (3)',
        '------------------------------------------',
        '- MQ-TRIP01 Layla Haddad: departs December 3, 2026',
        `  ${SITE}/admin/leads/id-MQ-TRIP01`,
        '- MQ-TRIP02: departs January 5, 2027',
        `  ${SITE}/admin/leads/id-MQ-TRIP02`,
      ].join('\n'),
    );
    expect(text).toContain(`  All of them on the desk: ${SITE}/admin/departures`);
    // None departing and not ready: no section at all.
    const none = digestEmail(digestFor(AMINA, FACTS), { siteUrl: SITE, timeZone }).text;
    expect(none).not.toContain('Departing within');
    expect(digestIsEmpty(digestFor(AMINA, { ...facts, departures: [] }))).toBe(true);
  });

  it('reads as a plain email: a summary subject, a section per kind of work, a link per enquiry and per view', () => {
    const { subject, text } = digestEmail(digestFor(AMINA, FACTS), { siteUrl: SITE, timeZone });
    expect(subject).toBe('Your desk today: 2 follow-ups, 1 new enquiry, 1 quote expiring, 1 payment due');
    expect(text).toContain(
      [
        'Follow-ups due today (1)',
        '------------------------',
        '- MQ-AAAAA1 Layla Haddad',
        `  ${SITE}/admin/leads/id-MQ-AAAAA1`,
        `  All of them on the desk: ${SITE}/admin/leads?due=today&assignee=amina`,
      ].join('\n'),
    );
    expect(text).toContain('- MQ-AAAAA2: due November 20, 2026');
    // The page as the desk names it: the seven city forms share the heading "Let's Plan Your Umrah".
    expect(findForm('houston')!.heading).toBe(findForm('chicago')!.heading);
    expect(text).toContain('- MQ-NEW001 Yusuf Khan: Houston Umrah page, received Nov 25, 2026, 5:10 PM CST');
    expect(text).toContain(`${SITE}/admin/leads?status=new&assignee=none`);
    expect(text).toContain('- MQ-AAAAA3: $5,452.50, valid until November 27, 2026');
    expect(text).toContain('- MQ-AAAAA4: Deposit $1,500, due November 28, 2026');
    expect(text).not.toContain('rest of the team');
    const owner = digestEmail(digestFor(OMAR, FACTS), { siteUrl: SITE, timeZone });
    expect(owner.text).toContain(
      '- MQ-BBBBB2: Balance $3,952.50 overdue since November 24, 2026 (bilal@agency.example)',
    );
    expect(owner.subject).toContain('3 overdue with the team');
  });

  it('keeps a long section short and links to the rest', () => {
    const many = Array.from({ length: SECTION_LIMIT + 5 }, (_, index) => ({
      ...line(`MQ-N${String(index).padStart(5, '0')}`, null),
      formId: 'contact',
      receivedAt: '2026-11-25T15:00:00Z',
    }));
    const { text } = digestEmail(digestFor(AMINA, { ...FACTS, unassigned: many, unassignedTotal: many.length }), {
      siteUrl: SITE,
      timeZone,
    });
    expect(text).toContain(`New enquiries nobody has taken (${SECTION_LIMIT + 5})`);
    expect(text).toContain('…and 5 more.');
    expect(text).not.toContain(`MQ-N000${SECTION_LIMIT}`);
    // The store reads only as many as the email lists, and says how many there are.
    const read = { ...FACTS, unassigned: many.slice(0, SECTION_LIMIT), unassignedTotal: 400 };
    const counted = digestEmail(digestFor(AMINA, read), { siteUrl: SITE, timeZone });
    expect(counted.subject).toContain('400 new enquiries');
    expect(counted.text).toContain('New enquiries nobody has taken (400)');
    expect(counted.text).toContain(`…and ${400 - SECTION_LIMIT} more.`);
  });
});

describe('the first-contact alert', () => {
  it('names the enquiry, its page and arrival, and links to it and to every unassigned one', () => {
    const alert = {
      kind: 'first-contact-alert' as const,
      reference: 'MQ-7K3F9Q',
      formId: 'houston',
      receivedAt: '2026-11-27T22:30:00Z',
      targetHours: 2,
    };
    const { subject, text } = firstContactAlertEmail(alert, { siteUrl: SITE, timeZone, leadId: 'lead-1' });
    expect(subject).toBe('Still New after 2 office hours: MQ-7K3F9Q');
    expect(text).toContain('Page:      Houston Umrah page');
    expect(text).toContain('Received:  Nov 27, 2026, 4:30 PM CST');
    expect(text).toContain(`Open the enquiry: ${SITE}/admin/leads/lead-1`);
    expect(outboxKinds.messageLabel(alert)).toBe('First-contact alert');
    expect(outboxKinds.messageLabel({ kind: 'digest', staffId: 'amina', day: '2026-11-26' })).toBe(
      'Morning digest (2026-11-26)',
    );
  });
});
