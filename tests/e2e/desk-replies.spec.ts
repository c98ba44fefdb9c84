import { expect, test, type Browser } from '@playwright/test';
import { ReplyStore } from '@/server/desk/reply-store';
import { StaffStore } from '@/server/desk/staff-store';
import { leadApiConfig } from '@/server/leads/config';
import { openLeadStore } from '@/server/leads/open-store';
import { signIn, startDesk, type Desk } from './support/desk.ts';
import { parseMail, startSmtpServer } from '../unit/support/smtp.ts';
import { axeViolations, htmlProblems } from './support/gates.ts';

/**
 * Replies and templates in Chromium against the built server on SQLite (both stores are the unit
 * suite's job): an owner changes a template and is refused an unknown placeholder; staff give their
 * name, reply to an enquiry from a template (a local SMTP server receives it with the reference, the
 * history shows the text, the lead is Contacted) and open WhatsApp with another; the gates on the
 * templates page and the lead page with a filled reply form.
 */

const ADDED_LINE = 'If anything on this list is unclear, ask me and I will explain.';
let clients = 0;

/** Sends a package page's booking request through the public API; its id and reference. */
async function bookingLead(desk: Desk, name: string, phone: string): Promise<{ id: string; reference: string }> {
  clients += 1;
  const response = await fetch(`${desk.origin}/api/forms/booking`, {
    method: 'POST',
    headers: { 'X-Forwarded-For': `10.89.0.${clients}`, Accept: 'application/json' },
    body: new URLSearchParams({
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
      phone,
      package_id: '10-nights-3-star-chicago-umrah-package',
      package_name: 'Chicago 10 Nights 3 Star Umrah Package',
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: string; reference: string };
}

/** Runs `work` on the desk's reply store from the test process, as a second instance of the server would. */
async function withReplies<T>(desk: Desk, work: (replies: ReplyStore, staff: StaffStore) => Promise<T>): Promise<T> {
  const store = await openLeadStore(leadApiConfig(desk.env));
  try {
    return await work(new ReplyStore(store.database, { siteUrl: '' }), new StaffStore(store.database));
  } finally {
    await store.close();
  }
}

test.describe('replies and templates in the desk', () => {
  test.describe.configure({ mode: 'serial' });
  let desk: Desk;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let lead: { id: string; reference: string };

  test.beforeAll(async () => {
    smtp = await startSmtpServer();
    desk = await startDesk('sqlite', { SMTP_URL: smtp.url, LEADS_WORKER_INTERVAL_MS: '250' });
    lead = await bookingLead(desk, 'Layla Haddad', '(713) 555-0123');
  });
  test.afterAll(async () => {
    await desk?.stop();
    await smtp?.close();
  });

  test('an owner changes a template; an unknown placeholder is refused by name and nothing is saved', async ({
    page,
  }) => {
    await signIn(page, desk.origin, desk.owner.email, desk.owner.password);
    await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Templates' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reply templates');
    await page.getByRole('link', { name: 'Change Documents needed' }).click();
    const message = page.getByLabel('Message');
    const original = await message.inputValue();
    await message.fill(
      original.replace('With best wishes,', 'Please also send {{passport_number}}.\n\nWith best wishes,'),
    );
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('alert')).toContainText('{{passport_number}} is not a placeholder we know');
    await expect(message).toHaveValue(/\{\{passport_number\}\}/);
    await page.goto(`${desk.origin}/admin/templates`);
    await expect(page.getByText('{{passport_number}}')).toHaveCount(0);

    await page.getByRole('link', { name: 'Change Documents needed' }).click();
    await message.fill(original.replace('With best wishes,', `${ADDED_LINE}\n\nWith best wishes,`));
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status')).toHaveText('Template saved.');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Documents needed' }) });
    await expect(card).toContainText(ADDED_LINE);
    await expect(card).toContainText(`Changed by ${desk.owner.email}`);
  });

  test('staff reply from a template: a local SMTP server receives it with the reference, the history shows the text', async ({
    page,
    context,
  }) => {
    await signIn(page, desk.origin, desk.agent.email, desk.agent.password);
    await page.goto(`${desk.origin}/admin/leads/${lead.id}`);
    const reply = page.locator('section[aria-labelledby="reply-heading"]');
    await expect(reply).toContainText('Replies go out under your name');
    await reply.getByRole('link', { name: 'account page' }).click();
    await page.getByLabel('Your name').fill('Amina Rahman');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByRole('status')).toHaveText('Your name is saved: replies you send go out under it.');

    await page.goto(`${desk.origin}/admin/leads/${lead.id}`);
    await reply.getByLabel('Start from a template').selectOption({ label: 'Documents needed' });
    await reply.getByRole('button', { name: 'Use template' }).click();
    await expect(reply.getByLabel('Subject')).toHaveValue(`Documents for your visa (${lead.reference})`);
    const body = await reply.getByLabel('Message').inputValue();
    expect(body).toMatch(/^Assalamu alaikum Layla Haddad,\n/);
    expect(body).toContain(ADDED_LINE);
    expect(body).toMatch(/Amina Rahman\nMiqat Travel$/);
    await reply.getByRole('button', { name: 'Send email' }).click();
    await expect(reply.getByRole('status')).toContainText('Reply sent to the outbox');
    await expect(page.getByText('Now: Contacted')).toBeVisible();
    const history = page.locator('section[aria-labelledby="history-heading"] li');
    await expect(history.filter({ hasText: 'Reply: Email to layla@example.com' })).toContainText(ADDED_LINE);
    await expect(history.filter({ hasText: 'Status: New → Contacted' })).toHaveCount(1);

    // The outbox sends it from the agency's address under the staff member's name, with the reference.
    // (The pilgrim's acknowledgement of the enquiry carries the reference too.)
    const replied = () =>
      smtp.state.received.filter((each) => each.raw.includes(`Documents for your visa (${lead.reference})`));
    await expect.poll(() => replied().length, { timeout: 15_000 }).toBe(1);
    const mail = replied()[0]!;
    expect(mail.to).toEqual(['layla@example.com']);
    const { headers, text } = parseMail(mail.raw);
    expect(headers['subject']).toBe(`Documents for your visa (${lead.reference})`);
    expect(headers['from']).toMatch(/^"?Amina Rahman"? </);
    expect(text).toContain(ADDED_LINE);

    // WhatsApp with another template: recorded, then off to wa.me in a tab of its own (never loaded).
    await reply.getByLabel('Start from a template').selectOption({ label: 'First reply' });
    await reply.getByRole('button', { name: 'Use template' }).click();
    const [chat] = await Promise.all([
      context.waitForEvent('request', (request) => request.url().startsWith('https://wa.me/')),
      reply.getByRole('button', { name: /Open in WhatsApp/ }).click(),
    ]);
    const sent = new URL(chat.url());
    expect(sent.pathname).toBe('/17135550123');
    expect(sent.searchParams.get('text')).toMatch(/^Assalamu alaikum Layla Haddad,\n\nThank you for contacting Miqat/);
    expect(sent.searchParams.get('text')).toContain(`(reference ${lead.reference})`);
    await page.reload();
    await expect(history.first()).toContainText('WhatsApp: Opened a chat with +17135550123 with this message:');
  });

  test('the templates page and the lead page with a filled reply form pass axe and html-validate, wide and narrow', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    // The owner gives a name, so the lead page draws the reply form itself.
    const first = await withReplies(desk, async (replies, staff) => {
      await replies.setStaffName((await staff.staffByEmail(desk.owner.email))!.id, 'Omar Siddiqui');
      return (await replies.listTemplates()).find((template) => template.name === 'First reply')!.id;
    });
    await gates(browser, desk, {
      templates: '/admin/templates',
      'a template to change': `/admin/templates?edit=${first}`,
      'lead with a reply from a template': `/admin/leads/${lead.id}?template=${first}`,
    });
  });
});

/** axe and html-validate on each page at both widths, one signed-in owner per width. */
async function gates(browser: Browser, desk: Desk, paths: Record<string, string>): Promise<void> {
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signIn(page, desk.origin, desk.owner.email, desk.owner.password);
    for (const [name, path] of Object.entries(paths)) {
      const response = await page.goto(`${desk.origin}${path}`);
      expect(response?.status(), name).toBe(200);
      expect(await htmlProblems(await response!.text(), `${name}-${width}`), `${name} at ${width} px`).toEqual([]);
      expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    }
    // The reply form refused (an empty message) comes back on its own page, with the problem announced.
    await page.getByLabel('Message').fill('');
    await page.getByRole('button', { name: 'Send email' }).click();
    await expect(page.getByRole('alert')).toContainText('Write the message.');
    expect(page.url()).toMatch(/\/admin\/leads\/[^/]+\/reply$/);
    expect(await htmlProblems(await page.content(), `refused reply-${width}`), `refused reply at ${width} px`).toEqual(
      [],
    );
    expect(await axeViolations(page), `refused reply at ${width} px`).toEqual([]);
    await context.close();
  }
}
