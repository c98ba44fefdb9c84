import { expect, test, type Page } from '@playwright/test';
import { addDays, agencyDay } from '@/lib/agency-time';
import { site } from '@/lib/site';
import { leadApiConfig } from '@/server/leads/config';
import { openLeadStore } from '@/server/leads/open-store';
import { QuoteStore } from '@/server/quotes/store';
import { ReviewStore } from '@/server/reviews/store';
import { payDeposit, quoteDraft } from '../unit/support/quotes.ts';
import { parseMail, startSmtpServer } from '../unit/support/smtp.ts';
import { startDesk, type Desk } from './support/desk.ts';
import { axeViolations, htmlProblems } from './support/gates.ts';
import { afterRedraw } from './support/redraw';
import { latinFigures, latinFiguresIn } from './support/digits.ts';

/**
 * The review in the booking's language, in Chromium against the built server on SQLite (both stores
 * are the unit suite's job): a booking made from an Urdu enquiry comes home, its invitation reaches a
 * local SMTP server in Urdu with the English under it (a Bengali one's in Bengali); with scripts off its link opens the form in
 * Urdu, right to left, refuses an empty post with Urdu problems, takes the review and thanks in Urdu;
 * once staff publish it, the package page shows its words marked lang="ur" dir="rtl" in the English page.
 */

const DAY_MS = 86_400_000;
const STAFF = { id: 'staff-e2e', email: 'agent@agency.example' };
const PACKAGE = '10-nights-3-star-chicago-umrah-package';

/** A paid booking of PACKAGE from an enquiry in `language`, home ten days ago; the invitation due six days ago is queued. */
async function bookedAndInvited(desk: Desk, email: string, language: string): Promise<string> {
  const store = await openLeadStore(leadApiConfig(desk.env));
  try {
    const booked = new Date(Date.now() - 60 * DAY_MS);
    const today = agencyDay(booked, site.timeZone);
    const returnOn = addDays(agencyDay(new Date(), site.timeZone), -10);
    const draft = quoteDraft({
      packageSlug: PACKAGE,
      departureOn: addDays(returnOn, -14),
      returnOn,
      validUntil: addDays(today, 7),
      schedule: [{ dueOn: addDays(today, 7), amountCents: 545_250 }],
    });
    const fields = { name: 'Rahima Begum', email, phone: '713-555-0123', adults: '2' };
    const lead = await store.insertLead({ formId: 'umrah', fields, pageUrl: null, userAgent: null }, { now: booked });
    // The enquiry's language, as the translated form records it (schema step 23).
    await store.database.run('UPDATE leads SET language = ? WHERE id = ?', [language, lead!.id]);
    const quotes = new QuoteStore(store.database);
    const saved = await quotes.saveDraft({ leadId: lead!.id }, draft, STAFF, today, booked);
    if (!saved?.ok) throw new Error(`The draft was refused: ${JSON.stringify(saved)}`);
    const sent = await quotes.send({ leadId: lead!.id, quoteId: saved.quoteId }, STAFF, today, booked);
    if (!sent?.ok) throw new Error('The quote was not sent');
    await quotes.accept(sent.token, 1, 'Rahima Begum', today, booked);
    await payDeposit(quotes, { leadId: lead!.id, quoteId: saved.quoteId }, STAFF, today, booked);
    expect(await new ReviewStore(store.database).inviteDue(3, site.timeZone, new Date(Date.now() - 6 * DAY_MS))).toBe(
      1,
    );
    return saved.quoteId;
  } finally {
    await store.close();
  }
}

async function gates(page: Page, url: string, name: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  const response = await page.goto(url);
  expect(response?.status(), name).toBe(200);
  expect(await htmlProblems(await response!.text(), `${name}-${width}`), `${name} at ${width} px`).toEqual([]);
  expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
}

test.describe('the review in the booking’s language', () => {
  test.describe.configure({ mode: 'serial' });
  let desk: Desk;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let quoteId: string;
  let link: string;

  test.beforeAll(async () => {
    smtp = await startSmtpServer();
    desk = await startDesk('sqlite', {
      SMTP_URL: smtp.url,
      LEADS_WORKER_INTERVAL_MS: '250',
      REVIEWS_REFRESH_MINUTES: '0.005',
    });
  });
  test.afterAll(async () => {
    await desk?.stop();
    await smtp?.close();
  });

  test('the invitations of bookings from Urdu and Bengali enquiries reach the SMTP server in their language, the English under it', async ({
    page,
  }) => {
    quoteId = await bookedAndInvited(desk, 'rahima@example.com', 'ur');
    await bookedAndInvited(desk, 'karim@example.com', 'bn');
    await expect.poll(() => smtp.state.received.length, { timeout: 15_000 }).toBe(2);
    const to = (address: string) => parseMail(smtp.state.received.find((mail) => mail.to[0] === address)!.raw);
    const urdu = to('rahima@example.com');
    expect(urdu.headers['content-type']).toMatch(/charset=utf-8/i);
    expect(urdu.headers['subject']).toMatch(/^آپ کا سفر کیسا رہا؟ \(بکنگ \u2066MQ-\w+\u2069\) \| How was your trip\?/);
    expect(urdu.text.indexOf('السلام علیکم،')).toBeLessThan(urdu.text.indexOf('Assalamu alaikum,'));
    link = /https?:\/\/\S+(\/review\/[\w-]{43})/.exec(urdu.text)![1]!;
    const bengali = to('karim@example.com');
    expect(bengali.headers['subject']).toMatch(/^আপনার সফর কেমন ছিল\? \(বুকিং MQ-\w+\) \| How was your trip\?/);
    const [above, below] = bengali.text.split('The same message in English');
    expect(above).toContain('এখানে আপনার রিভিউ লিখুন');
    expect(below).toContain('Write your review here');
    expect(bengali.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // Bengali counts and limits in Bengali digits, in the invitation and on the form it opens.
    expect(latinFigures(above!, 'bn')).toEqual([]);
    await page.goto(
      /https?:\/\/\S+\/review\/[\w-]{43}/.exec(bengali.text)![0].replace(/^https?:\/\/[^/]+/, desk.origin),
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    expect(await latinFiguresIn(page, 'bn')).toEqual([]);
  });

  test('with scripts off the link opens the form in Urdu, right to left; an empty post is refused in Urdu; the thanks are in Urdu', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    expect((await page.goto(`${desk.origin}${link}`))?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ur');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('آپ کا سفر کیسا رہا؟');
    await expect(page.getByRole('button', { name: 'میرا تبصرہ بھیجیں' })).toBeVisible();
    // The suggested name, in Latin letters, reads left to right in the Urdu form: its full stop last.
    const suggested = page.getByLabel('دکھایا جانے والا نام');
    await expect(suggested).toHaveValue('Rahima B.');
    expect(await suggested.evaluate((box) => box.matches(':dir(ltr)'))).toBe(true);

    await page.getByRole('button', { name: 'میرا تبصرہ بھیجیں' }).click();
    await expect(page).toHaveTitle(/^خرابی: آپ کا سفر کیسا رہا؟/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const problems = page.getByRole('alert');
    await expect(problems.getByRole('heading')).toHaveText('ایک مسئلہ ہے');
    await expect(problems.getByRole('link', { name: 'مجموعی درجہ بندی کے لیے 1 سے 5 تک ستارے چنیں۔' })).toBeVisible();
    await expect(problems.getByRole('link', { name: 'عنوان لکھیں۔' })).toBeVisible();
    await expect(page.getByText('خرابی: اپنا تبصرہ لکھیں۔')).toBeVisible();

    await page.getByRole('radio', { name: '5 ستارے', exact: true }).check();
    await page
      .getByRole('group', { name: 'کیا مکہ مکرمہ میں آپ کا ہوٹل وہی تھا جو آپ کے کوٹیشن میں درج تھا؟' })
      .getByLabel('ہاں')
      .check();
    await page
      .getByRole('group', { name: 'کیا مدینہ منورہ میں آپ کا ہوٹل وہی تھا جو آپ کے کوٹیشن میں درج تھا؟' })
      .getByLabel('ہاں')
      .check();
    await page.getByLabel('عنوان').fill('بہت اچھا انتظام');
    expect(await page.getByLabel('عنوان').evaluate((box) => box.matches(':dir(rtl)'))).toBe(true);
    await page.getByLabel('آپ کا تبصرہ', { exact: true }).fill('ہوٹل حرم کے قریب تھا اور عملہ بہت مددگار تھا۔');
    await page.getByRole('checkbox', { name: /^مجھے منظور ہے/ }).check();
    await page.getByRole('button', { name: 'میرا تبصرہ بھیجیں' }).click();
    await expect(page).toHaveURL(/\/review\/thanks\?lang=ur$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ur');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('آپ کے تبصرے کا شکریہ');
    await expect(page.getByRole('status')).toHaveText(/^آپ کا تبصرہ ہمیں مل گیا ہے۔/);
    // The link is spent: it is the plain 404 now.
    expect((await page.goto(`${desk.origin}${link}`))?.status()).toBe(404);
    await context.close();
  });

  test('the Urdu thanks page passes axe and html-validate, wide and narrow', async ({ browser }) => {
    // Scripts on for axe, which runs in the page; the page itself has none.
    const context = await browser.newContext();
    const page = await context.newPage();
    for (const width of [390, 1280]) await gates(page, `${desk.origin}/review/thanks?lang=ur`, 'urdu-thanks', width);
    await context.close();
  });

  test('a fresh Urdu form with its problems passes axe and html-validate, wide and narrow', async ({ browser }) => {
    await bookedAndInvited(desk, 'amina@example.com', 'ur');
    await expect.poll(() => smtp.state.received.length, { timeout: 15_000 }).toBe(3);
    const invitation = smtp.state.received.find((mail) => mail.to[0] === 'amina@example.com')!;
    const fresh = /https?:\/\/\S+(\/review\/[\w-]{43})/.exec(parseMail(invitation.raw).text)![1]!;
    const context = await browser.newContext();
    const page = await context.newPage();
    for (const width of [390, 1280]) await gates(page, `${desk.origin}${fresh}`, 'urdu-review-form', width);
    await page.getByRole('button', { name: 'میرا تبصرہ بھیجیں' }).click();
    expect(await axeViolations(page), 'the Urdu form with its problems').toEqual([]);
    await context.close();
  });

  test('published, the Urdu review carries lang="ur" and dir="rtl" on the English package page', async ({
    browser,
  }) => {
    const store = await openLeadStore(leadApiConfig(desk.env));
    try {
      expect(await new ReviewStore(store.database).decide(quoteId, { publish: true }, STAFF.email)).toBe('done');
    } finally {
      await store.close();
    }
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const review = page.locator('[data-review]');
    // The server redraws the package page when its reviews change (every 0.3 s here).
    await afterRedraw(page, `${desk.origin}/package/${PACKAGE}`, () => review.count()).toBe(1);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const title = review.getByRole('heading', { name: 'بہت اچھا انتظام' });
    await expect(title).toHaveAttribute('lang', 'ur');
    await expect(title).toHaveAttribute('dir', 'rtl');
    await expect(review.locator('blockquote')).toHaveAttribute('lang', 'ur');
    await expect(review.locator('blockquote')).toHaveText('ہوٹل حرم کے قریب تھا اور عملہ بہت مددگار تھا۔');
    await context.close();
  });
});
