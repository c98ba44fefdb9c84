import { isCalendarDay } from '@/lib/dates';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  deskRow,
  followUpState,
  lastPage,
  listHref,
  pageNumbers,
  parseListQuery,
  rangeText,
  zoneSentence,
} from '@/lib/desk/list';
import { contactLinks, doneMessage, pageOrigin, readLeadAction, replySubject, visitorDetails } from '@/lib/desk/lead';
import { ACCOUNT_CSV_COLUMNS } from '@/lib/desk/accounts';
import { FORMS } from '@/lib/forms/definitions';
import { accountOf } from '@/lib/quotes/account';
import { csvColumns, deskCsv, leadsCsv } from '@/server/desk/csv';
import type { DeskLead } from '@/lib/desk/model';
import { NO_TOUCH } from '@/lib/leads/first-touch';

const TZ = 'America/Chicago';
const TODAY = '2026-11-24';
const parseList = (query: string, staffIds?: string[]) =>
  parseListQuery(new URLSearchParams(query), { today: TODAY, timeZone: TZ, staffIds });

const deskLead = (overrides: Partial<DeskLead> = {}): DeskLead => ({
  id: 'lead-1',
  reference: 'MQ-7K3F9Q',
  formId: 'chicago',
  fields: { name: 'Amina Yusuf', email: 'amina@example.com', phone: '(312) 555-0147', adults: '2', children: '1' },
  receivedAt: '2026-11-24T15:05:00.000Z',
  firstTouch: NO_TOUCH,
  language: 'en',
  pageUrl: 'https://miqat-travel.example/umrah-packages-chicago?utm=x',
  userAgent: 'Test',
  status: 'new',
  lostReason: null,
  assignee: null,
  followUp: null,
  firstContactedAt: null,
  lastNote: null,
  ...overrides,
});

describe('the list query', () => {
  it('reads every filter into the store filter, days as the office’s midnights', () => {
    const { query, filter, page, notes } = parseList(
      'status=quoted&group=city&assignee=none&from=2026-11-01&to=2026-11-30&q=+(713)+555-0123+&due=overdue&page=3',
    );
    expect(notes).toEqual([]);
    expect(page).toBe(3);
    expect(query).toMatchObject({ status: 'quoted', group: 'city', q: '(713) 555-0123', due: 'overdue' });
    expect(filter.formIds).toEqual([
      'chicago',
      'houston',
      'new-york',
      'dallas',
      'detroit',
      'los-angeles',
      'washington',
    ]);
    // Chicago is six hours behind UTC in November (CST).
    expect(filter.since).toBe('2026-11-01T05:00:00.000Z');
    expect(filter.until).toBe('2026-12-01T06:00:00.000Z');
    expect(filter).toMatchObject({ status: 'quoted', assignee: 'none', search: '(713) 555-0123' });
    expect(filter).toMatchObject({ due: 'overdue', today: TODAY });
  });

  it('turns a page (placement) into its one form', () => {
    const { filter, query } = parseList('form=dallas');
    expect(filter.formIds).toEqual(['dallas']);
    expect(query.form).toBe('dallas');
    expect(filter.today).toBeUndefined();
  });

  it('ignores what it does not know, saying so, instead of failing', () => {
    const { query, filter, page, notes } = parseList(
      'status=won&group=moon&form=atlantis&assignee=ghost&from=2026-02-30&to=yesterday&due=soon&page=-2',
      ['staff-1'],
    );
    expect(query).toEqual({});
    expect(page).toBe(1);
    expect(filter.formIds).toBeUndefined();
    expect(notes).toHaveLength(8);
    expect(notes[0]).toBe('The status "won" is not one the desk knows, so it was ignored.');
    expect(notes.join(' ')).toContain('"2026-02-30" is not a date');
    expect(notes.join(' ')).toContain('"-2" is not a page number');
  });

  it('keeps a page outside the chosen group, and says the group was set aside', () => {
    const { query, filter, notes } = parseList('group=contact&form=chicago');
    expect(query).toEqual({ form: 'chicago' });
    expect(filter.formIds).toEqual(['chicago']);
    expect(notes).toEqual(['The Chicago Umrah page is not among the Contact and visa, so only the page is used.']);
  });

  it('accepts only real calendar days', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-1-05')).toBe(false);
  });

  it('builds links that keep the filters and drop page 1', () => {
    const { query } = parseList('status=new&q=Ali &page=2&bogus=1');
    expect(listHref('/admin/leads', query, 3)).toBe('/admin/leads?status=new&q=Ali&page=3');
    expect(listHref('/admin/leads.csv', query)).toBe('/admin/leads.csv?status=new&q=Ali');
    expect(listHref('/admin/leads', {})).toBe('/admin/leads');
    // What a visitor typed goes through encoded, never as markup or a second parameter.
    expect(listHref('/admin/leads', { q: 'a&due=today <b>' })).toBe('/admin/leads?q=a%26due%3Dtoday+%3Cb%3E');
  });
});

describe('pagination', () => {
  it('says which leads a page shows', () => {
    expect(rangeText(1, 1234)).toBe('1–50 of 1,234');
    expect(rangeText(25, 1234)).toBe('1,201–1,234 of 1,234');
    expect(rangeText(1, 0)).toBe('0 of 0');
    expect(rangeText(9, 60)).toBe('0 of 60');
    expect(lastPage(0)).toBe(1);
    expect(lastPage(50)).toBe(1);
    expect(lastPage(51)).toBe(2);
  });

  it('offers the first, the last and the pages around the current one', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(10, 25)).toEqual([1, null, 8, 9, 10, 11, 12, null, 25]);
    expect(pageNumbers(2, 25)).toEqual([1, 2, 3, 4, null, 25]);
  });
});

describe('list rows', () => {
  it('mark follow-ups due today or overdue on open leads only', () => {
    expect(followUpState({ followUp: TODAY, status: 'contacted' }, TODAY)).toBe('today');
    expect(followUpState({ followUp: '2026-11-23', status: 'new' }, TODAY)).toBe('overdue');
    expect(followUpState({ followUp: '2026-11-25', status: 'new' }, TODAY)).toBeUndefined();
    expect(followUpState({ followUp: '2026-11-23', status: 'booked' }, TODAY)).toBeUndefined();
    expect(followUpState({ followUp: null, status: 'new' }, TODAY)).toBeUndefined();
  });

  it('name the page, the status with its reason, the assignee and the time in the office’s zone', () => {
    const row = deskRow(
      deskLead({
        status: 'lost',
        lostReason: 'Booked elsewhere',
        assignee: { id: 's1', email: 'omar@agency.example' },
        followUp: '2026-11-20',
      }),
      TODAY,
      TZ,
    );
    expect(row).toMatchObject({
      page: 'Chicago Umrah page',
      name: 'Amina Yusuf',
      travellers: '2 adults, 1 child',
      status: 'Lost: Booked elsewhere',
      assignee: 'omar@agency.example',
      received: 'Nov 24, 2026, 9:05 AM CST',
      followUp: '2026-11-20',
      followUpNote: '',
      account: { quote: '', paid: '', balance: '', next: '', note: '' },
    });
    expect(deskRow(deskLead({ followUp: '2026-11-20' }), TODAY, TZ).followUpNote).toBe('overdue');
    expect(deskRow(deskLead(), TODAY, TZ).assignee).toBe('Unassigned');
    const booking = deskLead({
      formId: 'booking',
      fields: { name: 'Idris', email: 'i@example.com', package_id: 'gold-14', package_name: 'Gold Umrah 14 nights' },
    });
    expect(deskRow(booking, TODAY, TZ).page).toBe('Package page: Gold Umrah 14 nights');
  });

  it('tell the seven city forms apart', () => {
    const cities = ['chicago', 'houston', 'new-york', 'dallas', 'detroit', 'los-angeles', 'washington'];
    const pages = cities.map((formId) => deskRow(deskLead({ formId, fields: {} }), TODAY, TZ).page);
    expect(new Set(pages).size).toBe(7);
    expect(pages).toContain('Los Angeles Umrah page');
  });

  it('say which zone the times are in', () => {
    expect(zoneSentence(TZ)).toBe('Times are Central Time (America/Chicago).');
  });
});

describe('the lead page', () => {
  it('lists what the visitor told us in form order, without captcha, constants or reply-to copies', () => {
    const fields = {
      Name: 'Hafsa',
      Email: 'h@example.com',
      Phone: '7135550123',
      Adults: '2',
      Children: '0',
      Answer: '7',
      'Request type': 'umrah',
    };
    expect(visitorDetails(FORMS.houston, fields).map(({ label, value }) => `${label}: ${value}`)).toEqual([
      'Full name: Hafsa',
      'Email address: h@example.com',
      'Phone number: 7135550123',
      'Adults: 2',
      'Children: 0',
    ]);
    const december = visitorDetails(FORMS.december, {
      name: 'A',
      email: 'a@example.com',
      _replyto: 'a@example.com',
      _subject: 'New December Umrah Package Inquiry',
      answer: '4',
    });
    expect(december.map((detail) => detail.name)).toEqual(['name', 'email']);
  });

  it('shows select choices in words and leaves the page’s values to "Package and page"', () => {
    const contact = visitorDetails(FORMS.contact, { firstName: 'M', subject: 'visa-services', message: 'Hi' });
    expect(contact).toContainEqual({ name: 'subject', label: 'Subject', value: 'Visa services' });
    const fields = { name: 'I', package_name: 'Last 10 Nights', package_price: '$3,450.00', departure_city: 'chicago' };
    const details = visitorDetails(FORMS['last-10-days'], fields);
    expect(details.map((detail) => detail.value)).toEqual(['I', 'Chicago']);
    const origin = pageOrigin(FORMS['last-10-days'], 'last-10-days', fields, 'https://x.example/package/ramadan?a=1');
    expect(origin).toMatchObject({
      placement: 'Ramadan last 10 days package page',
      path: '/package/ramadan',
      packageName: 'Last 10 Nights',
      pageValues: [{ name: 'package_price', label: 'Package price', value: '$3,450.00' }],
    });
    expect(pageOrigin(undefined, 'gone', {}, null)).toMatchObject({ placement: 'Unknown form "gone"', path: '' });
  });

  it('shows every field of a lead whose form the site no longer has', () => {
    expect(visitorDetails(undefined, { full_name: 'Z', note: 'x' }).map((detail) => detail.label)).toEqual([
      'Full name',
      'Note',
    ]);
  });

  it('answers by email with the reference in the subject, by phone and by WhatsApp', () => {
    expect(replySubject(FORMS.chicago, 'MQ-7K3F9Q', 'Miqat Travel')).toBe(
      'Your Umrah enquiry MQ-7K3F9Q — Miqat Travel',
    );
    expect(replySubject(FORMS['shifting-hajj'], 'MQ-7K3F9Q', 'Miqat Travel')).toBe(
      'Your Hajj enquiry MQ-7K3F9Q — Miqat Travel',
    );
    expect(replySubject(FORMS.contact, 'MQ-7K3F9Q', 'Miqat Travel')).toBe('Your enquiry MQ-7K3F9Q — Miqat Travel');
    const links = contactLinks(FORMS.chicago, deskLead().fields, 'MQ-7K3F9Q', 'Miqat Travel');
    expect(links).toEqual({
      name: 'Amina Yusuf',
      email: 'amina@example.com',
      phone: '(312) 555-0147',
      mailto: 'mailto:amina@example.com?subject=Your%20Umrah%20enquiry%20MQ-7K3F9Q%20%E2%80%94%20Miqat%20Travel',
      tel: 'tel:+13125550147',
      whatsapp: 'https://wa.me/13125550147',
    });
    const none = contactLinks(FORMS.hajj, { name: 'X', email: 'not mail', phone: '555' }, 'MQ-7K3F9Q', 'M');
    expect(none).toMatchObject({ mailto: undefined, tel: undefined, whatsapp: undefined });
    const typed = contactLinks(FORMS.contact, { firstName: 'Amina', phone: '(٣١٢) ٥٥٥-٠١٤٧' }, 'MQ-7K3F9Q', 'M');
    expect(typed).toMatchObject({ phone: '(312) 555-0147', tel: 'tel:+13125550147' });
  });

  it('names in the reply each form’s own topic, a visa enquiry as one', () => {
    const topic = (form: (typeof FORMS)[keyof typeof FORMS]) =>
      /^Your (.*)enquiry MQ-/.exec(replySubject(form, 'MQ-7K3F9Q', 'M'))![1]!.trim();
    expect(Object.fromEntries(Object.values(FORMS).map((form) => [form.id, topic(form)]))).toEqual({
      contact: '',
      umrah: 'Umrah',
      hajj: 'Hajj',
      'shifting-hajj': 'Hajj',
      'non-shifting-hajj': 'Hajj',
      ramadan: 'Umrah',
      december: 'Umrah',
      chicago: 'Umrah',
      houston: 'Umrah',
      'new-york': 'Umrah',
      dallas: 'Umrah',
      detroit: 'Umrah',
      'los-angeles': 'Umrah',
      washington: 'Umrah',
      visa: 'Umrah visa',
      'last-10-days': 'Umrah',
      booking: 'booking',
      'home-booking': 'booking',
    });
  });
});

describe('the desk’s CSV', () => {
  it('adds the pipeline’s columns after the lead’s details, and defuses formulas staff type too', () => {
    expect(csvColumns('hajj', true)).toEqual([
      'id',
      'reference',
      'received_at',
      'form_id',
      'language',
      'page_url',
      'user_agent',
      'source',
      'landing_page',
      'referrer_host',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'status',
      'lost_reason',
      'assigned_to',
      'follow_up',
      'last_note',
      'quote_total',
      'accepted_on',
      'paid',
      'balance',
      'name',
      'email',
      'phone',
      'message',
    ]);
    const lead = deskLead({
      formId: 'hajj',
      fields: { name: 'Y', email: 'y@example.com', phone: '1', message: 'M' },
      status: 'lost',
      lostReason: '=cmd()',
      assignee: { id: 's', email: 'omar@agency.example' },
      followUp: '2026-12-01',
      lastNote: 'Quoted $9,000,\n"gold"',
    });
    const booking = {
      quoteId: 'quote-1',
      // 11:30 pm on Nov 30 in Austin: the office's Nov 30, though UTC has turned to Dec 1.
      acceptedAt: '2026-12-01T05:30:00.000Z',
      account: accountOf(
        [
          { dueOn: '2026-12-01', amountCents: 150_000 },
          { dueOn: '2027-01-24', amountCents: 395_250 },
        ],
        [{ amountCents: 150_000 }],
        TODAY,
      ),
    };
    const csv = deskCsv([lead, deskLead({ id: 'lead-2', formId: 'hajj', fields: { name: '-1+2' } })], 'hajj', {
      bookings: new Map([['lead-1', booking]]),
      timeZone: TZ,
    });
    const [header, row, other] = parse(csv) as string[][];
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell('quote_total')).toBe('5452.50');
    expect(cell('accepted_on')).toBe('2026-11-30');
    expect(cell('paid')).toBe('1500.00');
    expect(cell('balance')).toBe('3952.50');
    // A lead with no quote sent has its booking's cells empty; a name typed as a formula is defused.
    expect(ACCOUNT_CSV_COLUMNS.map((name) => other![header!.indexOf(name)])).toEqual(['', '', '', '']);
    expect(other![header!.indexOf('name')]).toBe("'-1+2");
    expect(cell('status')).toBe('Lost');
    expect(cell('lost_reason')).toBe("'=cmd()");
    expect(cell('assigned_to')).toBe('omar@agency.example');
    expect(cell('follow_up')).toBe('2026-12-01');
    expect(cell('last_note')).toBe('Quoted $9,000,\n"gold"');
    expect(cell('reference')).toBe('MQ-7K3F9Q');
  });

  it('gives a group of pages the union of its forms’ fields, and keeps the plain export as it was', () => {
    const columns = csvColumns(['chicago', 'houston'], true);
    expect(columns).toContain('name');
    expect(columns).toContain('Name');
    expect(columns).toContain('Request type');
    expect(columns).not.toContain('message');
    const plain = parse(leadsCsv([deskLead()], 'chicago')) as string[][];
    expect(plain[0]).not.toContain('status');
    expect(plain[0]).toEqual(csvColumns('chicago'));
  });
});

describe('the lead page’s forms', () => {
  const form = (entries: Record<string, string>) => new URLSearchParams(entries);

  it('read each form as a pipeline change or a note', () => {
    expect(readLeadAction(form({ action: 'status', status: 'lost', lostReason: ' Price ' }))).toEqual({
      action: 'status',
      change: { status: 'lost', lostReason: 'Price' },
    });
    // An empty reason with Lost leaves the store to keep the reason a lost lead has, or to ask for one.
    expect(readLeadAction(form({ action: 'status', status: 'lost', lostReason: '' }))).toEqual({
      action: 'status',
      change: { status: 'lost' },
    });
    expect(readLeadAction(form({ action: 'status', status: 'contacted', lostReason: '' }))).toEqual({
      action: 'status',
      change: { status: 'contacted', lostReason: null },
    });
    expect(readLeadAction(form({ action: 'assignee', assignee: '' }))).toEqual({
      action: 'assignee',
      change: { assigneeId: null },
    });
    expect(readLeadAction(form({ action: 'follow-up', followUp: '2026-12-01' }))).toEqual({
      action: 'follow-up',
      change: { followUp: '2026-12-01' },
    });
    expect(readLeadAction(form({ action: 'follow-up', followUp: '2026-12-01', clear: '1' }))).toEqual({
      action: 'follow-up',
      change: { followUp: null },
    });
    expect(readLeadAction(form({ action: 'note', note: ' Quoted $9,000 ' }))).toEqual({
      action: 'note',
      body: 'Quoted $9,000',
    });
  });

  it('refuse an empty follow-up date and an unknown form with a message', () => {
    expect(readLeadAction(form({ action: 'follow-up', followUp: '' }))).toMatchObject({
      action: 'follow-up',
      error: expect.stringContaining('Choose a date') as unknown,
    });
    expect(readLeadAction(form({ action: 'delete' }))).toMatchObject({ action: undefined });
    expect(doneMessage('note')).toBe('Note added.');
    expect(doneMessage('toString')).toBeUndefined();
    expect(doneMessage(null)).toBeUndefined();
  });
});
