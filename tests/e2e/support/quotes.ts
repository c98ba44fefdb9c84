import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { addDays, agencyDay } from '@/lib/agency-time';
import { site } from '@/lib/site';
import { PrivacyStore } from '../../../src/server/desk/privacy-store.ts';
import { QuoteStore, type QuoteTarget } from '../../../src/server/quotes/store.ts';
import { leadApiConfig } from '../../../src/server/leads/config.ts';
import { openLeadStore } from '../../../src/server/leads/open-store.ts';
import type { LeadStore } from '../../../src/server/leads/store.ts';
import type { QuoteDraft } from '@/lib/quotes/model';
import { payDeposit, quoteDraft } from '../../unit/support/quotes.ts';

/** The store of the server Playwright starts (playwright.config.ts's webServer), which the quote specs write to. */
const TEST_SERVER_STORE = { LEADS_DB: 'reports/e2e-leads.db' };

const STAFF = { id: 'staff-e2e', email: 'agent@agency.example' };

/** A quote sent to a new lead, by its link's token. */
export interface SentQuote extends QuoteTarget {
  token: string;
  reference: string;
}

/**
 * Runs `work` on the test server's store, opened from the test process as staff's desk would write
 * to it (both sit on one SQLite file in WAL mode), and closes it.
 */
export async function onTestStore<T>(work: (store: LeadStore) => Promise<T>): Promise<T> {
  const store = await openLeadStore(leadApiConfig(TEST_SERVER_STORE));
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/**
 * A lead with the fixture quote sent `sentDaysAgo` days ago (0: today), valid `validDays` days from
 * sending: sent 10 days ago and valid 7, it expired three days ago. Dates follow the office's today.
 */
export async function sendQuote(
  store: LeadStore,
  options: { sentDaysAgo?: number; validDays?: number; payerState?: QuoteDraft['payerState'] } = {},
): Promise<SentQuote> {
  const { sentDaysAgo = 0, validDays = 7 } = options;
  const today = addDays(agencyDay(new Date(), site.timeZone), -sentDaysAgo);
  const sentAt = new Date(Date.now() - sentDaysAgo * 86_400_000);
  const departureOn = addDays(today, 90);
  const validUntil = addDays(today, validDays);
  const draft = quoteDraft({
    departureOn,
    returnOn: addDays(departureOn, 14),
    validUntil,
    note: 'Dear Layla, the rooms face the Haram as you asked. Zamzam water is included on the way home.',
    schedule: [
      { dueOn: validUntil, amountCents: 150_000 },
      { dueOn: addDays(departureOn, -45), amountCents: 395_250 },
    ],
    ...(options.payerState === undefined ? {} : { payerState: options.payerState }),
  });
  return sendDraft(store, draft, `layla-${randomUUID()}@example.com`, today, sentAt);
}

/** A new lead (Layla Haddad, 2 adults) at `email`, sent `draft` on `today` at `at`. */
async function sendDraft(
  store: LeadStore,
  draft: QuoteDraft,
  email: string,
  today: string,
  at: Date,
): Promise<SentQuote> {
  const fields = { name: 'Layla Haddad', email, phone: '713-555-0123', adults: '2' };
  const lead = await store.insertLead({ formId: 'umrah', fields, pageUrl: null, userAgent: null }, { now: at });
  if (!lead) throw new Error('The lead was not stored');
  const quotes = new QuoteStore(store.database);
  const saved = await quotes.saveDraft({ leadId: lead.id }, draft, STAFF, today, at);
  if (!saved?.ok) throw new Error(`The draft was refused: ${JSON.stringify(saved)}`);
  const target = { leadId: lead.id, quoteId: saved.quoteId };
  const sent = await quotes.send(target, STAFF, today, at);
  if (!sent?.ok) throw new Error(`The quote was not sent: ${JSON.stringify(sent)}`);
  return { ...target, token: sent.token, reference: lead.reference };
}

/**
 * A booking: a new lead at `email` sent the fixture quote for a trip from `departureOn` to `returnOn`,
 * which was accepted and had its $1,000 deposit recorded at `bookedAt` (by the office's day then).
 */
export async function bookQuote(
  store: LeadStore,
  trip: { email: string; departureOn: string; returnOn: string; bookedAt?: Date },
): Promise<SentQuote> {
  const { email, departureOn, returnOn, bookedAt = new Date() } = trip;
  const today = agencyDay(bookedAt, site.timeZone);
  const draft = quoteDraft({
    departureOn,
    returnOn,
    validUntil: addDays(today, 7),
    schedule: [{ dueOn: addDays(today, 7), amountCents: 545_250 }],
  });
  const sent = await sendDraft(store, draft, email, today, bookedAt);
  const quotes = new QuoteStore(store.database);
  await quotes.accept(sent.token, 1, 'Layla Haddad', today, bookedAt);
  await payDeposit(quotes, sent, STAFF, today, bookedAt);
  return sent;
}

/** Stops a quote's link answering, as staff's "Withdraw" does. */
export async function withdrawQuote(store: LeadStore, quote: QuoteTarget): Promise<void> {
  await new QuoteStore(store.database).withdraw(quote, STAFF);
}

/** Erases the quote's lead, as an owner's privacy erasure does. */
export async function eraseLead(store: LeadStore, quote: QuoteTarget): Promise<void> {
  await new PrivacyStore(store).eraseLeads([quote.leadId], 'owner@agency.example');
}

/** One group of the quote editor (a line, a hotel, a payment) by its legend. */
export function editorRow(page: Page, legend: string): Locator {
  return page.getByRole('group', { name: legend, exact: true });
}

/** Types the family's trip into the editor: ten days from `departure`, two sharing a double, a child, insurance for three. */
export async function fillFamilyQuote(page: Page, departure: string): Promise<void> {
  await page.getByLabel('Departure date').fill(departure);
  await page.getByLabel('Return date').fill(addDays(departure, 10));
  const double = editorRow(page, 'Double room (2 sharing), per person');
  await double.getByLabel('Price per person ($)').fill('1,899.50');
  await double.getByLabel('People').fill('2');
  const child = editorRow(page, 'Child with bed');
  await child.getByLabel('Price per person ($)').fill('1499');
  await child.getByLabel('People').fill('1');
  const extra = editorRow(page, 'Extra 1');
  await extra.getByLabel('What it is').fill('Comprehensive travel insurance');
  await extra.getByLabel('Price each ($)').fill('85');
  await extra.getByLabel('How many').fill('3');
  // A Chicago family: Illinois allows the card fee the quote shows.
  await page.getByLabel('State the family pays from').selectOption('IL');
}

/**
 * A family's enquiry sent on the booking form from `client`, quoted for two adults and a child leaving
 * `departureOn` (a deposit of $1,500 due in a week, the balance 45 days before departure), the quote
 * accepted and the deposit recorded: a booking, as the trip's specs start from it. The lead's id.
 */
export async function bookedEnquiry(
  desk: { origin: string; env: Record<string, string> },
  client: string,
  departureOn: string,
): Promise<string> {
  const response = await fetch(`${desk.origin}/api/forms/booking`, {
    method: 'POST',
    headers: { 'X-Forwarded-For': client, Accept: 'application/json' },
    body: new URLSearchParams({ name: 'Layla Haddad', email: 'layla@example.com', phone: '(713) 555-0123' }),
  });
  if (response.status !== 201) throw new Error(`The enquiry was refused: ${response.status} ${await response.text()}`);
  const { id } = (await response.json()) as { id: string };
  const store = await openLeadStore(leadApiConfig(desk.env));
  try {
    const today = agencyDay(new Date(), site.timeZone);
    const quotes = new QuoteStore(store.database);
    const draft = quoteDraft({
      departureOn,
      returnOn: addDays(departureOn, 14),
      validUntil: addDays(today, 7),
      schedule: [
        { dueOn: addDays(today, 7), amountCents: 150_000 },
        { dueOn: addDays(departureOn, -45), amountCents: 395_250 },
      ],
    });
    const saved = await quotes.saveDraft({ leadId: id }, draft, STAFF, today);
    if (!saved?.ok) throw new Error(`The draft was refused: ${JSON.stringify(saved)}`);
    const sent = await quotes.send({ leadId: id, quoteId: saved.quoteId }, STAFF, today);
    if (!sent?.ok) throw new Error('The quote was not sent');
    await quotes.accept(sent.token, 1, 'Layla Haddad', today);
    await payDeposit(quotes, { leadId: id, quoteId: saved.quoteId }, STAFF, today);
    return id;
  } finally {
    await store.close();
  }
}
