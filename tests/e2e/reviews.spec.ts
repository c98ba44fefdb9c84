import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { addDays, agencyDay } from '@/lib/agency-time';
import { site } from '@/lib/site';
import { leadApiConfig } from '@/server/leads/config';
import { openLeadStore } from '@/server/leads/open-store';
import { ReviewStore } from '@/server/reviews/store';
import { parseMail, startSmtpServer } from '../unit/support/smtp.ts';
import { signIn, startDesk, type Desk } from './support/desk.ts';
import { axeViolations, htmlProblems } from './support/gates.ts';
import { bookQuote } from './support/quotes.ts';

/**
 * Reviews in Chromium against the built server on SQLite (both stores are the unit suite's job):
 * two bookings return (the invitations' clock injected), the server's outbox sends each traveller
 * an invitation that a local SMTP server receives; with scripts off, one traveller's link opens the
 * form, refuses an empty post with its problems and takes the review, and then answers 404 as a
 * random link does; staff publish it with a reply and refuse the other for a reason of the policy,
 * which the policy page then counts. The gates on the form, the moderation page and the policy page,
 * wide and narrow.
 */

const DAY_MS = 86_400_000;
const TIME_ZONE = site.timeZone;

/** A lead whose booking (accepted, deposit paid) of the fixture quote came back `returnedDaysAgo` days ago (accepted two months before). */
async function bookReturned(desk: Desk, email: string, returnedDaysAgo: number): Promise<string> {
  const store = await openLeadStore(leadApiConfig(desk.env));
  try {
    const returnOn = addDays(agencyDay(new Date(), TIME_ZONE), -returnedDaysAgo);
    const bookedAt = new Date(Date.now() - 60 * DAY_MS);
    return (await bookQuote(store, { email, departureOn: addDays(returnOn, -14), returnOn, bookedAt })).quoteId;
  } finally {
    await store.close();
  }
}

/** The invitations due at `now` (the injected clock), queued as the server's scheduled work does. */
async function inviteAt(desk: Desk, now: Date): Promise<number> {
  const store = await openLeadStore(leadApiConfig(desk.env));
  try {
    return await new ReviewStore(store.database).inviteDue(3, TIME_ZONE, now);
  } finally {
    await store.close();
  }
}

/** The review links the local SMTP server has received, by address. */
function links(received: readonly { to: string[]; raw: string }[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const mail of received) {
    const { headers, text } = parseMail(mail.raw);
    if (!/^How was your trip\?/.test(headers['subject'] ?? '')) continue;
    const link = /https?:\/\/\S+\/review\/([\w-]{43})/.exec(text)?.[1];
    if (link) found.set(mail.to[0]!, `/review/${link}`);
  }
  return found;
}

async function fillReview(page: Page, values: { stars: string; title: string; text: string }): Promise<void> {
  await page.getByRole('radio', { name: values.stars, exact: true }).check();
  await page.getByRole('group', { name: 'Was your hotel in Makkah the one on your quote?' }).getByLabel('Yes').check();
  await page
    .getByRole('group', { name: 'Was your hotel in Madinah the one on your quote?' })
    .getByLabel('It was a similar hotel, as the quote allowed, and we were told')
    .check();
  await page.getByLabel('Title').fill(values.title);
  await page.getByLabel('Your review').fill(values.text);
  await page.getByLabel('Your city (optional)').fill('Houston');
  await page.getByRole('checkbox', { name: /^I agree that/ }).check();
}

async function gates(page: Page, url: string, name: string, width: number): Promise<void> {
  const response = await page.goto(url);
  expect(response?.status(), name).toBe(200);
  expect(await htmlProblems(await response!.text(), `${name}-${width}`), `${name} at ${width} px`).toEqual([]);
  expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
}

async function traveller(browser: Browser, width = 1280) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
  return { context, page: await context.newPage() };
}

test.describe('reviews', () => {
  test.describe.configure({ mode: 'serial' });
  let desk: Desk;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let sent: Map<string, string>;

  test.beforeAll(async () => {
    smtp = await startSmtpServer();
    desk = await startDesk('sqlite', { SMTP_URL: smtp.url, LEADS_WORKER_INTERVAL_MS: '250' });
  });
  test.afterAll(async () => {
    await desk?.stop();
    await smtp?.close();
  });

  test('two bookings return: nothing before their day, then one invitation each reaches the SMTP server', async () => {
    await bookReturned(desk, 'layla@example.com', 10);
    await bookReturned(desk, 'omar@example.com', 10);
    // The injected clock: eight days ago the trips were two days home, so nothing was due.
    expect(await inviteAt(desk, new Date(Date.now() - 8 * DAY_MS))).toBe(0);
    expect(await inviteAt(desk, new Date(Date.now() - 6 * DAY_MS))).toBe(2);
    expect(await inviteAt(desk, new Date(Date.now() - 5 * DAY_MS))).toBe(0);
    await expect.poll(() => links(smtp.state.received).size, { timeout: 15_000 }).toBe(2);
    sent = links(smtp.state.received);
    expect([...sent.keys()].sort()).toEqual(['layla@example.com', 'omar@example.com']);
  });

  test('with scripts off the link opens the form, an empty post is refused with its problems, the review is taken once', async ({
    browser,
  }) => {
    const { context, page } = await traveller(browser);
    const link = sent.get('layla@example.com')!;
    const shown = await page.goto(`${desk.origin}${link}`);
    expect(shown?.status()).toBe(200);
    expect(shown?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(shown?.headers()['cache-control']).toBe('no-store');
    expect(shown?.headers()['referrer-policy']).toBe('no-referrer');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('How was your trip?');
    await expect(page.getByLabel('Name to show')).toHaveValue('Layla H.');
    // Q07: the warning says what the policy refuses, no more, and welcomes a complaint about staff.
    const words = page.getByLabel('Your review');
    await expect(words).toHaveAccessibleDescription(
      /Please leave out the name, contact details, health or other personal details of anyone but yourself: a review that gives them is refused, as the policy says, and we send you a link to send it again without them\. You are welcome to describe how our staff, guides and hotels served you\./,
    );
    await expect(page.locator('main')).not.toContainText('name or describe other people');

    await page.getByRole('button', { name: 'Send my review' }).click();
    const problems = page.getByRole('alert');
    await expect(problems).toContainText('There is a problem');
    await expect(problems).toContainText('Choose an overall rating from 1 to 5 stars.');
    await expect(problems).toContainText('Tick the box to agree that we publish your review');
    await expect(page).toHaveTitle(/^Error: How was your trip\?/);

    await fillReview(page, {
      stars: '4 stars',
      title: 'Close to the Haram',
      text: 'The Makkah hotel was the one on our quote; the coach to Madinah came an hour late.',
    });
    await page.getByRole('button', { name: 'Send my review' }).click();
    await expect(page).toHaveURL(/\/review\/thanks$/);
    await expect(page.getByRole('status')).toContainText('Your review has reached us');

    // Used: the link is now a page that does not exist, as is one never issued.
    const again = await page.goto(`${desk.origin}${link}`);
    expect(again?.status()).toBe(404);
    const random = await page.goto(`${desk.origin}/review/${randomBytes(32).toString('base64url')}`);
    expect(random?.status()).toBe(404);
    const posted = await page.request.post(`${desk.origin}${link}`, { form: { rating: '1' } });
    expect(posted.status()).toBe(404);
    await context.close();

    // The other traveller writes one that breaks the policy.
    const other = await traveller(browser, 390);
    await other.page.goto(`${desk.origin}${sent.get('omar@example.com')!}`);
    await fillReview(other.page, { stars: '1 star', title: 'Never again', text: 'Abuse aimed at a named person.' });
    await other.page.getByRole('button', { name: 'Send my review' }).click();
    await expect(other.page).toHaveURL(/\/review\/thanks$/);
    await other.context.close();
  });

  test('staff publish one review with a reply and refuse the other for a reason; the policy page counts the refusal', async ({
    page,
  }) => {
    await signIn(page, desk.origin, desk.agent.email, desk.agent.password);
    await page.goto(`${desk.origin}/admin/reviews`);
    await expect(page.getByRole('link', { name: 'Waiting (2)' })).toHaveAttribute('aria-current', 'page');
    const reviews = page.locator('article[data-review]');
    // Oldest first; no field for changing the words.
    await expect(reviews.first().getByRole('heading')).toHaveText('Close to the Haram');
    await expect(page.getByRole('textbox')).toHaveCount(0);

    await reviews.first().getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status')).toHaveText('Review published.');
    const refused = page.locator('article[data-review]').first();
    await refused.getByLabel('Reason from the policy').selectOption({ label: 'Abuse' });
    await refused.getByRole('button', { name: 'Refuse' }).click();
    await expect(page.getByRole('status')).toHaveText('Review refused; the policy page counts it.');

    await page.getByRole('link', { name: 'Published (1)' }).click();
    await page
      .getByLabel('Our one public reply')
      .fill('Thank you; we have raised the coach with our partner in Madinah.');
    await page.getByRole('button', { name: 'Publish the reply' }).click();
    await expect(page.getByRole('status')).toHaveText('Reply published under the review.');
    await expect(page.getByText(`Our reply, by ${desk.agent.email}`)).toBeVisible();
    await expect(page.getByLabel('Our one public reply')).toHaveCount(0);
    const log = page.locator('section[aria-labelledby="log-heading"]');
    await expect(log).toContainText(`Refused (Abuse) · ${desk.agent.email}`);
    await expect(log).toContainText(`Published · ${desk.agent.email}`);

    const policy = await page.goto(`${desk.origin}/how-we-collect-and-publish-reviews`);
    expect(policy?.status()).toBe(200);
    await expect(page.locator('tr[data-reason="abuse"] td')).toHaveText('1');
    await expect(page.locator('tr[data-reason="off-topic"] td')).toHaveText('0');
    await expect(page.locator('[data-review-counts]')).toContainText('published 1 review and refused 1');

    // The dashboard: both invited, both answered, the published one's rating and hotels.
    await page.goto(`${desk.origin}/admin/dashboard`);
    const figures = page.locator('section[aria-labelledby="reviews-heading"]');
    await expect(figures.locator('dd').first()).toHaveText('2');
    await expect(figures).toContainText('100%');
    await expect(figures.locator('tr[data-package="umrah-economy-14-nights"] td')).toHaveText([
      '2',
      '2',
      '1',
      '4.0 of 5',
      // Its Madinah hotel was a similar one it was told about: not the quoted hotels (Q06), no longer 100%.
      '0%',
    ]);
  });

  test('the review form, the moderation page and the policy page pass axe and html-validate, wide and narrow', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    // A third booking, so that a form is open and a review waits.
    await bookReturned(desk, 'sara@example.com', 10);
    expect(await inviteAt(desk, new Date(Date.now() - 6 * DAY_MS))).toBe(1);
    await expect.poll(() => links(smtp.state.received).size, { timeout: 15_000 }).toBe(3);
    const link = links(smtp.state.received).get('sara@example.com')!;
    // axe runs as a script in the page, so the gates' browser runs scripts; the page itself has none.
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await gates(await context.newPage(), `${desk.origin}${link}`, 'review form', width);
      await context.close();
      const staff = await browser.newContext({ viewport: { width, height: 900 } });
      const desktop = await staff.newPage();
      await signIn(desktop, desk.origin, desk.agent.email, desk.agent.password);
      await gates(desktop, `${desk.origin}/admin/reviews?status=published`, 'moderation (published)', width);
      await gates(desktop, `${desk.origin}/admin/reviews?status=refused`, 'moderation (refused)', width);
      await gates(desktop, `${desk.origin}/how-we-collect-and-publish-reviews`, 'review policy', width);
      await staff.close();
    }
    // The form again with its problems.
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${desk.origin}${link}`);
    const [problems] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST'),
      page.getByRole('button', { name: 'Send my review' }).click(),
    ]);
    expect(problems.status()).toBe(400);
    expect(await htmlProblems(await problems.text(), 'review-form-problems'), 'review form with problems').toEqual([]);
    expect(await axeViolations(page), 'review form with problems').toEqual([]);
    await fillReview(page, { stars: '5 stars', title: 'All as promised', text: 'Everything was as on the quote.' });
    await page.getByRole('button', { name: 'Send my review' }).click();
    await expect(page).toHaveURL(/\/review\/thanks$/);
    await context.close();
    const staff = await browser.newContext({ viewport: { width: 390, height: 900 } });
    const desktop = await staff.newPage();
    await signIn(desktop, desk.origin, desk.agent.email, desk.agent.password);
    await gates(desktop, `${desk.origin}/admin/reviews`, 'moderation (waiting)', 390);
    await desktop.setViewportSize({ width: 1280, height: 900 });
    await gates(desktop, `${desk.origin}/admin/reviews`, 'moderation (waiting)', 1280);
    await staff.close();
  });
});
