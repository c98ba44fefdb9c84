import { expect, test } from '@playwright/test';
import { addDays, agencyDay, agencyInstant } from '@/lib/agency-time';
import { formatDay } from '@/lib/dates';
import { facts } from '@/lib/facts';
import { site } from '@/lib/site';
import { leadApiConfig } from '@/server/leads/config';
import { openLeadStore } from '@/server/leads/open-store';
import { TripReminderScheduler } from '@/server/trips/reminder-schedule';
import { parseMail, startSmtpServer } from '../unit/support/smtp.ts';
import { signIn, startDesk, type Desk } from './support/desk.ts';
import { bookedEnquiry } from './support/quotes.ts';
import { axeViolations, htmlProblems } from './support/gates.ts';

/**
 * The trip reminders' one-click opt-out in Chromium with scripts off, against the built server on
 * SQLite (the reminders' days, idempotence and both stores are the unit suite's job): a booking's
 * first reminder reaches a local SMTP server from the server's own worker with RFC 8058's headers;
 * its link's page passes axe and html-validate at 390 and 1280 px, its button turns the reminders
 * off, a mail client's one-click POST needs no session, an unknown token is the site's 404, the
 * lead page's Travellers card says since when they are off, and staff turn them back on from it.
 */

const today = agencyDay(new Date(), site.timeZone);
const departure = addDays(today, 100);
const SUBJECT = /^Your booking /;

/** Runs the reminders' schedule on the desk's database at `now`, as the server's own worker does. */
async function schedule(desk: Desk, now: Date): Promise<number> {
  const store = await openLeadStore(leadApiConfig(desk.env));
  try {
    const settings = { facts: () => facts, balanceDaysBefore: 7, timeZone: site.timeZone };
    return await new TripReminderScheduler(store.database, settings).queueDue(now);
  } finally {
    await store.close();
  }
}

test.describe('the trip reminders’ opt-out', () => {
  test.describe.configure({ mode: 'serial' });
  let desk: Desk;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let leadId: string;
  let link: URL;

  const reminders = () =>
    smtp.state.received
      .map((mail) => ({ to: mail.to, ...parseMail(mail.raw) }))
      .filter((mail) => SUBJECT.test(mail.headers['subject'] ?? ''));

  test.beforeAll(async () => {
    smtp = await startSmtpServer();
    desk = await startDesk('sqlite', { SMTP_URL: smtp.url, LEADS_WORKER_INTERVAL_MS: '250' });
    leadId = await bookedEnquiry(desk, '10.89.0.2', departure);
  });
  test.afterAll(async () => {
    await desk?.stop();
    await smtp?.close();
  });

  test('the first reminder reaches the family with a one-click unsubscribe; its page passes the gates at 390 and 1280 px', async ({
    browser,
  }) => {
    // Yesterday at noon: due at once, whatever the hour of the run.
    await schedule(desk, new Date(agencyInstant(addDays(today, -1), '12:00', site.timeZone)));
    await expect.poll(() => reminders().length, { timeout: 15_000 }).toBe(1);
    const [mail] = reminders();
    expect(mail!.to).toEqual(['layla@example.com']);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    link = new URL(/^<([^>]+)>$/.exec(mail!.headers['list-unsubscribe']!)![1]!);
    expect(link.pathname).toBe('/trip/stop-reminders');
    expect(mail!.text).toContain(`press the button: ${link.href}`);

    // The page has no script of its own; axe runs in the page, so this context allows scripts.
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const response = await page.goto(`${desk.origin}${link.pathname}${link.search}`);
      expect(response?.status()).toBe(200);
      const headers = response!.headers();
      expect(headers['cache-control']).toBe('no-store');
      expect(headers['x-robots-tag']).toContain('noindex');
      expect(headers['referrer-policy']).toBe('no-referrer');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stop the trip reminders');
      expect(await htmlProblems(await response!.text(), `trip-reminders-${width}`)).toEqual([]);
      expect(await axeViolations(page), `at ${width} px`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
      await context.close();
    }
  });

  test('the button, scripts off, turns the reminders off; staff see since when; an unknown token is the 404', async ({
    browser,
    page,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const family = await context.newPage();
    await family.goto(`${desk.origin}${link.pathname}${link.search}`);
    await family.getByRole('button', { name: 'Stop the reminders' }).click();
    await expect(family.getByRole('heading', { level: 1 })).toHaveText('Trip reminders are off');
    await expect(family.getByRole('status')).toContainText('Done: we will send no more reminders about this booking.');
    await context.close();
    // The page once they are off, through the gates at both widths.
    for (const width of [1280, 390]) {
      const gated = await browser.newContext({ viewport: { width, height: 900 } });
      const off = await gated.newPage();
      const response = await off.goto(`${desk.origin}${link.pathname}${link.search}`);
      await expect(off.getByRole('heading', { level: 1 })).toHaveText('Trip reminders are off');
      expect(await htmlProblems(await response!.text(), `trip-reminders-off-${width}`)).toEqual([]);
      expect(await axeViolations(off), `off at ${width} px`).toEqual([]);
      await gated.close();
    }

    // A mail client's one-click POST, with no cookie: the link alone, and it says they are already off.
    const oneClick = await fetch(new URL(link.pathname + link.search, desk.origin), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('We send no reminders about this booking.');

    const missingBody = await (await fetch(`${desk.origin}/no-such-page`)).text();
    for (const path of [`/trip/stop-reminders?token=${'A'.repeat(43)}`, '/trip/stop-reminders']) {
      const answer = await fetch(`${desk.origin}${path}`);
      expect(answer.status, path).toBe(404);
      expect(await answer.text()).toBe(missingBody);
    }

    // No later reminder is queued: the week before departure finds the booking opted out.
    expect(await schedule(desk, new Date(agencyInstant(addDays(departure, -7), '12:00', site.timeZone)))).toBe(0);

    await signIn(page, desk.origin, desk.agent.email, desk.agent.password);
    await page.goto(`${desk.origin}/admin/leads/${leadId}`);
    const card = page.locator('section[aria-labelledby="travellers-heading"]');
    await expect(card).toContainText(`Trip reminders: off since ${formatDay(today)}`);
    const history = page.locator('section[aria-labelledby="history-heading"] li');
    await expect(history.filter({ hasText: 'Trip reminders: Turned off for booking' })).toHaveCount(1);
    expect(reminders()).toHaveLength(1);
  });

  test('staff turn the reminders back on from the Travellers card, scripts off; the history says who', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, desk.origin, desk.agent.email, desk.agent.password);
    await page.goto(`${desk.origin}/admin/leads/${leadId}`);
    const card = page.locator('section[aria-labelledby="travellers-heading"]');
    await card.getByRole('button', { name: 'Turn trip reminders back on' }).click();
    await expect(page.getByRole('status')).toContainText('Trip reminders turned back on.');
    await expect(card).not.toContainText('Trip reminders: off since');
    await expect(card.getByRole('button', { name: 'Turn trip reminders back on' })).toHaveCount(0);
    const history = page.locator('section[aria-labelledby="history-heading"] li');
    await expect(
      history.filter({ hasText: 'Trip reminders: Turned back on for booking' }).filter({ hasText: desk.agent.email }),
    ).toHaveCount(1);
    await context.close();
    // The week before departure finds the booking's reminders on again.
    expect(
      await schedule(desk, new Date(agencyInstant(addDays(departure, -7), '12:00', site.timeZone))),
    ).toBeGreaterThan(0);
  });
});
