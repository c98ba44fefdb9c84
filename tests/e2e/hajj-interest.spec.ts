import { expect, test, type Browser, type Page } from '@playwright/test';
import { leadApiConfig } from '@/server/leads/config';
import { issueUnsubscribeToken } from '@/server/hajj/store';
import { openLeadStore } from '@/server/leads/open-store';
import { signIn, startDesk, type Desk } from './support/desk.ts';
import { parseMail, startSmtpServer, type Mail } from '../unit/support/smtp.ts';
import { axeViolations, htmlProblems } from './support/gates.ts';

/**
 * The Hajj interest list in Chromium against the built server on SQLite (both stores are the unit
 * suite's job): pilgrims sign up on the Hajj page without JavaScript, one ticking the consent and one
 * not; an owner previews a phase alert with its count and sends it (a local SMTP server receives one
 * email each, with RFC 8058's List-Unsubscribe headers; the same alert again reaches no one);
 * staff see the list but no alert form; the unsubscribe page, scripts blocked, stops the next alert,
 * and a mail client's one-click POST works without a session; the gates on both pages, wide and narrow.
 */

const SUBJECT = /^Hajj 1448: /;
const PAYMENT_SUBJECT = 'Hajj 1448: the payment deadline on Nusuk Hajj is 1 March 2027';
const REGISTRATION_SUBJECT = 'Hajj 1448: registration is open on Nusuk Hajj';

/** Signs up on the Hajj page with scripts off, as a browser posts the form itself. */
async function signUpWithoutScripts(
  browser: Browser,
  origin: string,
  person: { name: string; email: string; travellers?: string; consent: boolean },
): Promise<void> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${origin}/hajj-packages`);
  const form = page.locator('section#enquiry form');
  await form.getByLabel('Full name').fill(person.name);
  await form.getByLabel('Email address').fill(person.email);
  await form.getByLabel('Phone number').fill('(713) 555-0123');
  await form.getByLabel('Your message').fill('Hajj for my parents and me, please.');
  const consent = form.getByRole('checkbox', { name: /^Email me about Hajj 1448/ });
  await expect(consent).not.toBeChecked();
  if (person.travellers) await form.getByLabel('How many will travel? (optional)').selectOption(person.travellers);
  if (person.consent) await consent.check();
  await form.getByRole('button', { name: 'Send Inquiry' }).click();
  await expect(page).toHaveURL(/\/enquiry\/sent\?lead=/);
  await expect(page.getByText('Booking and payment happen only on Nusuk Hajj').first()).toBeVisible();
  await context.close();
}

/** The unsubscribe page of a person's sign-up, from a link drawn as an email's would be (they may never have been sent one). */
async function tokenPath(desk: Desk, email: string): Promise<string> {
  const store = await openLeadStore(leadApiConfig(desk.env));
  try {
    const [row] = await store.database.all<{ id: string }>(
      `SELECT leads.id FROM hajj_interest JOIN leads ON leads.id = hajj_interest.lead_id WHERE leads.contact_email = ?`,
      [email],
    );
    return `/hajj/unsubscribe?token=${await issueUnsubscribeToken(store.database, row!.id, new Date())}`;
  } finally {
    await store.close();
  }
}

/** The Hajj alerts the local SMTP server has received. */
function alerts(received: readonly Mail[]) {
  return received
    .map((mail) => ({ to: mail.to, ...parseMail(mail.raw) }))
    .filter((mail) => SUBJECT.test(mail.headers['subject'] ?? ''));
}

/** Previews an alert on the desk's page as an owner: the phase by its label, and the day if any. */
async function preview(page: Page, origin: string, phase: string, date = ''): Promise<void> {
  await page.goto(`${origin}/admin/hajj`);
  await page.getByLabel('Which Nusuk Hajj step').selectOption({ label: phase });
  await page.getByLabel(/^Day/).fill(date);
  await page.getByRole('button', { name: 'Preview the alert' }).click();
}

test.describe('the Hajj interest list', () => {
  test.describe.configure({ mode: 'serial' });
  let desk: Desk;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let unsubscribeLink: URL;

  test.beforeAll(async () => {
    smtp = await startSmtpServer();
    desk = await startDesk('sqlite', { SMTP_URL: smtp.url, LEADS_WORKER_INTERVAL_MS: '250' });
  });
  test.afterAll(async () => {
    await desk?.stop();
    await smtp?.close();
  });

  test('pilgrims sign up on the Hajj page without JavaScript (and with it); the consent is off unless ticked', async ({
    browser,
  }) => {
    await signUpWithoutScripts(browser, desk.origin, {
      name: 'Layla Haddad',
      email: 'layla@example.com',
      travellers: '3',
      consent: true,
    });
    await signUpWithoutScripts(browser, desk.origin, {
      name: 'Omar Siddiqui',
      email: 'omar@example.com',
      consent: true,
    });
    // With its script the island sends the list's answers beside the fields, as the browser's own post does.
    const page = await browser.newPage();
    await page.goto(`${desk.origin}/hajj-packages`);
    const form = page.locator('section#enquiry');
    await form.getByRole('button', { name: 'Send Inquiry' }).hover();
    await expect(form.locator('astro-island')).not.toHaveAttribute('ssr');
    await form.getByLabel('Full name').fill('Sara Khan');
    await form.getByLabel('Email address').fill('sara@example.com');
    await form.getByLabel('Phone number').fill('(713) 555-0199');
    await form.getByLabel('Your message').fill('Hajj with my husband.');
    await form.getByLabel('How many will travel? (optional)').selectOption('2');
    await form.getByRole('button', { name: 'Send Inquiry' }).click();
    await expect(form.getByRole('status')).toContainText('Your reference is MQ-');
    await expect(form.getByLabel('How many will travel? (optional)')).toHaveValue('');
    await page.close();
    const store = await openLeadStore(leadApiConfig(desk.env));
    try {
      const rows = await store.database.all<{ contact_email: string; travellers: number | null; consented: number }>(
        `SELECT leads.contact_email, hajj_interest.travellers,
                CASE WHEN hajj_interest.consented_at IS NULL THEN 0 ELSE 1 END AS consented
         FROM hajj_interest JOIN leads ON leads.id = hajj_interest.lead_id ORDER BY leads.seq`,
      );
      expect(rows.map((row) => [row.contact_email, row.travellers, Number(row.consented)])).toEqual([
        ['layla@example.com', 3, 1],
        ['omar@example.com', null, 1],
        ['sara@example.com', 2, 0],
      ]);
      // The lead's own fields stay the spec's four.
      const [lead] = await store.listLeads({ formId: 'hajj' });
      expect(Object.keys(lead!.fields).sort()).toEqual(['email', 'message', 'name', 'phone']);
    } finally {
      await store.close();
    }
  });

  test('staff see the list but not the alert form', async ({ page }) => {
    await signIn(page, desk.origin, desk.agent.email, desk.agent.password);
    await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Hajj interest' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hajj interest');
    await expect(page.getByText('3 sign-ups · 5 people named (1 not sure yet) · 2 addresses')).toBeVisible();
    const layla = page.getByRole('row').filter({ hasText: 'layla@example.com' });
    await expect(layla).toContainText('Hajj (not chosen)');
    await expect(layla.getByRole('cell').nth(4)).toHaveText('3');
    await expect(page.getByRole('row').filter({ hasText: 'sara@example.com' }).getByRole('cell').nth(6)).toHaveText(
      'No',
    );
    await expect(page.getByRole('heading', { name: 'Send an alert' })).toHaveCount(0);
  });

  test('an owner previews a phase alert with its count and sends it: one email each, with the one-click unsubscribe headers', async ({
    page,
  }) => {
    await signIn(page, desk.origin, desk.owner.email, desk.owner.password);
    // A day already past is refused, by its field.
    await preview(page, desk.origin, 'The payment deadline is …', '2020-03-01');
    await expect(page.getByRole('alert')).toContainText('1 March 2020 has passed');
    await expect(page.getByRole('button', { name: /^Send to/ })).toHaveCount(0);

    await preview(page, desk.origin, 'The payment deadline is …', '2027-03-01');
    const shown = page.locator('section[aria-labelledby="preview-heading"]');
    await expect(shown).toContainText('This alert will go to 2 people.');
    await expect(shown).toContainText(`Subject: ${PAYMENT_SUBJECT}`);
    await expect(shown).toContainText(
      'The payment deadline for Hajj 1448 on Nusuk Hajj (hajj.nusuk.sa) is 1 March 2027.',
    );
    await shown.getByRole('button', { name: 'Send to 2 people' }).click();
    await expect(page.getByRole('status')).toHaveText('Alert queued: 2 emails to the outbox, one per person.');
    await expect(page.getByText(`${PAYMENT_SUBJECT} · first sent by ${desk.owner.email}`)).toBeVisible();

    await expect.poll(() => alerts(smtp.state.received).length, { timeout: 15_000 }).toBe(2);
    const received = alerts(smtp.state.received);
    expect(received.map((mail) => mail.to[0]).sort()).toEqual(['layla@example.com', 'omar@example.com']);
    for (const mail of received) {
      expect(mail.headers['subject']).toBe(PAYMENT_SUBJECT);
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      const link = /^<(https?:\/\/[^>]+\/hajj\/unsubscribe\?token=[\w-]{43})>$/.exec(
        mail.headers['list-unsubscribe'] ?? '',
      )?.[1];
      expect(link, mail.headers['list-unsubscribe']).toBeDefined();
      expect(mail.text).toContain(link);
      if (mail.to[0] === 'layla@example.com') {
        const url = new URL(link!);
        unsubscribeLink = new URL(url.pathname + url.search, desk.origin);
      }
    }

    // The same alert again, as a second click or another owner would send it: no one new.
    await preview(page, desk.origin, 'The payment deadline is …', '2027-03-01');
    await expect(shown).toContainText('This alert would reach no one new');
    await expect(shown).toContainText('2 people had it already.');
    await expect(shown.getByRole('button', { name: /^Send to/ })).toHaveCount(0);
    await page.waitForTimeout(1_000);
    expect(alerts(smtp.state.received)).toHaveLength(2);

    // The lead's history says who was sent what.
    await page.goto(`${desk.origin}/admin/hajj`);
    await page.getByRole('row').filter({ hasText: 'layla@example.com' }).getByRole('link').click();
    await expect(
      page.locator('section[aria-labelledby="history-heading"] li').filter({ hasText: 'Hajj list' }),
    ).toContainText(`Phase alert queued to layla@example.com: "${PAYMENT_SUBJECT}"`);
  });

  test('the unsubscribe page, scripts blocked, stops the next alert; a mail client’s one-click POST needs no session', async ({
    browser,
    page,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const pilgrim = await context.newPage();
    const response = await pilgrim.goto(unsubscribeLink.href);
    expect(response?.status()).toBe(200);
    const headers = response!.headers();
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['x-robots-tag']).toContain('noindex');
    expect(headers['referrer-policy']).toBe('no-referrer');
    await expect(pilgrim.getByRole('heading', { level: 1 })).toHaveText('Stop the Hajj 1448 emails');
    await pilgrim.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(pilgrim.getByRole('heading', { level: 1 })).toHaveText('You are unsubscribed');
    await expect(pilgrim.getByRole('status')).toContainText('we will send you no more emails about Hajj 1448');
    await context.close();

    // An unknown token is the same 404 as a page that does not exist.
    const missing = await fetch(`${desk.origin}/no-such-page`);
    const unknown = await fetch(`${desk.origin}/hajj/unsubscribe?token=${'A'.repeat(43)}`);
    const none = await fetch(`${desk.origin}/hajj/unsubscribe`);
    const missingBody = await missing.text();
    for (const answer of [unknown, none]) {
      expect(answer.status).toBe(404);
      expect(await answer.text()).toBe(missingBody);
    }

    // The next alert reaches Omar alone.
    await signIn(page, desk.origin, desk.owner.email, desk.owner.password);
    await preview(page, desk.origin, 'Registration is open on Nusuk Hajj');
    const shown = page.locator('section[aria-labelledby="preview-heading"]');
    await expect(shown).toContainText('This alert will go to 1 person.');
    await shown.getByRole('button', { name: 'Send to 1 person' }).click();
    await expect(page.getByRole('status')).toHaveText('Alert queued: 1 email to the outbox, one per person.');
    await expect
      .poll(
        () => alerts(smtp.state.received).filter((mail) => mail.headers['subject'] === REGISTRATION_SUBJECT).length,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
    const registration = alerts(smtp.state.received).filter((mail) => mail.headers['subject'] === REGISTRATION_SUBJECT);
    expect(registration.map((mail) => mail.to)).toEqual([['omar@example.com']]);
    await expect(page.getByRole('row').filter({ hasText: 'layla@example.com' }).getByRole('cell').nth(7)).toHaveText(
      /^Yes, /,
    );

    // Omar's mail client unsubscribes him in one click (RFC 8058): a POST with no cookie and no token but the link's.
    const omarLink = /<([^>]+)>/.exec(registration[0]!.headers['list-unsubscribe']!)![1]!;
    const url = new URL(omarLink);
    const oneClick = await fetch(new URL(url.pathname + url.search, desk.origin), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    await preview(page, desk.origin, 'The package-choice phase opens on …', '2027-01-12');
    await expect(shown).toContainText('This alert would reach no one new');
  });

  test('the Hajj interest page with a preview and the unsubscribe page pass axe and html-validate, wide and narrow', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await signIn(page, desk.origin, desk.owner.email, desk.owner.password);
      const pages: Record<string, string> = {
        'unsubscribe (its button)': await tokenPath(desk, 'sara@example.com'),
        'Hajj interest with a preview': '/admin/hajj?phase=payment-deadline&date=2027-04-01',
        'Hajj interest with a refused day': '/admin/hajj?phase=payment-deadline&date=2027-02-30',
        'unsubscribe (already unsubscribed)': unsubscribeLink.pathname + unsubscribeLink.search,
      };
      for (const [name, path] of Object.entries(pages)) {
        const response = await page.goto(`${desk.origin}${path}`);
        expect(response?.status(), name).toBe(200);
        expect(await htmlProblems(await response!.text(), `${name}-${width}`), `${name} at ${width} px`).toEqual([]);
        expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
      }
      await context.close();
    }
  });
});
