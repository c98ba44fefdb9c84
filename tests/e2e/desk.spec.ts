import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { expect, test, type Page } from '@playwright/test';
import { agencyDay } from '@/lib/agency-time';
import { FORMS, findForm } from '@/lib/forms/definitions';
import type { FormDef } from '@/lib/forms/types';
import { site } from '@/lib/site';
import { STORE_KINDS } from '../support/store-kinds';
import { fullRunOnly, signIn, startDesk } from './support/desk';
import { axeViolations, axeViolationsWithWideTables, htmlProblems } from './support/gates';
import { challenge } from './support/lead-load';

/**
 * The staff's day at the desk, in Chromium against the built server, on each store: sign in, find
 * enquiries by filter and search, open one, work it (status, note, assignee, follow-up), export.
 */
const CITIES = ['chicago', 'houston', 'new-york', 'dallas', 'detroit', 'los-angeles', 'washington'] as const;
const SCRIPT_NAME = '<script>window.hacked=1;alert("name")</script>';
const SCRIPT_NOTE = '<script>window.hacked=1;alert("note")</script> quoted $9,000';
const SCRIPT_REASON = '<img src=x onerror="window.hacked=1;alert(1)"> price';

type Desk = Awaited<ReturnType<typeof startDesk>>;

/** The agency's day `days` from today, `YYYY-MM-DD`, as the desk counts days. */
function agencyDayFrom(days: number): string {
  const [year, month, day] = agencyDay(new Date(), site.timeZone).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The visitor's side: an enquiry through the real API (with its captcha sum when the form has one); its reference. */
async function submit(origin: string, formId: string, fields: Record<string, string>, n: number): Promise<string> {
  const client = `10.9.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  const form = findForm(formId)!;
  const body = { ...fields };
  if (form.captcha) {
    const sum = await challenge(origin, client);
    Object.assign(body, { [form.captcha]: sum.answer, _captcha: sum.token });
  }
  const multipart = new FormData();
  for (const [name, value] of Object.entries(body)) multipart.append(name, value);
  // fetch sets the content type itself: form encoding, or multipart with its boundary.
  const response = await fetch(`${origin}/api/forms/${formId}`, {
    method: 'POST',
    headers: { 'X-Forwarded-For': client, Referer: `${origin}/umrah-from-${formId}` },
    body: form.encoding === 'multipart' ? multipart : new URLSearchParams(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { reference: string }).reference;
}

/** City fields under each form's own wire names. */
function cityFields(formId: (typeof CITIES)[number], name: string, email: string, phone: string) {
  const form: FormDef = FORMS[formId];
  const names = Object.fromEntries(form.fields.map((field) => [field.role, field.name]));
  const counts = form.travellers
    ? { [form.travellers.adults]: '2', [form.travellers.children]: '1' }
    : { adults: '2', children: '1' };
  return { [names['name']!]: name, [names['email']!]: email, [names['phone']!]: phone, ...counts, ...form.constants };
}

/** Fails the test when anything a visitor or staff member typed ran as script. */
function watchForScript(page: Page): () => Promise<void> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return async () => {
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
  };
}

for (const kind of STORE_KINDS) {
  // On PostgreSQL the smoke tests only: see FULL_BROWSER_STORE.
  const full = fullRunOnly(kind);
  test.describe(`the desk on ${kind}`, () => {
    test.describe.configure({ mode: 'serial' });
    let desk: Desk;
    const refs: Record<string, string> = {};
    let sent = 0;
    const send = (formId: string, fields: Record<string, string>) => submit(desk.origin, formId, fields, sent++);

    test.beforeAll(async () => {
      test.setTimeout(180_000);
      desk = await startDesk(kind, { LEADS_RATE_LIMIT: '100000', TRUST_PROXY: '1' });
      // The Okafor family writes three times, each time typing the phone differently.
      refs['okafor-hajj'] = await send('hajj', {
        name: 'Yusuf Okafor',
        email: 'yusuf.okafor@example.com',
        phone: '(713) 555-0123',
        message: 'Two of us for Hajj.',
      });
      for (const [index, city] of CITIES.entries()) {
        refs[city] = await send(
          city,
          cityFields(city, `Pilgrim ${city}`, `${city}@example.com`, `312555${String(index).padStart(4, '0')}`),
        );
      }
      refs['okafor-chicago'] = await send(
        'chicago',
        cityFields('chicago', 'Aisha Okafor', 'YUSUF.OKAFOR@example.com', '713 555 0199'),
      );
      refs['okafor-contact'] = await send('contact', {
        firstName: 'Bilal',
        lastName: 'Okafor',
        email: 'bilal@example.com',
        phone: '713.555.0123',
        subject: 'group-bookings',
        message: 'Same family, third enquiry.',
      });
      refs['script'] = await send('contact', {
        firstName: SCRIPT_NAME,
        lastName: 'Ali',
        email: 'maryam@example.com',
        phone: '',
        subject: 'general-inquiry',
        message: '<img src=x onerror="window.hacked=1;alert(2)">=HYPERLINK("http://evil.example")',
      });
    });

    test.afterAll(async () => {
      await desk?.stop();
    });

    test('lists every enquiry with its page, agency time and contact, visitor text shown as text', async ({ page }) => {
      const noScript = watchForScript(page);
      await signIn(page, desk.origin, desk.agent.email, desk.agent.password);
      await page.goto(`${desk.origin}/admin/leads`);
      await expect(page.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeVisible();
      await expect(page.getByText('Times are Central Time (America/Chicago).')).toBeVisible();
      const rows = page.locator('tbody tr');
      await expect(rows).toHaveCount(11);
      // Newest first; the name is a link and the script in it is text.
      await expect(rows.first().getByRole('link')).toHaveText(`${SCRIPT_NAME} Ali`);
      // The seven city forms share a heading; the page column tells them apart.
      const pages = await page.locator('tbody tr td:nth-child(3)').allTextContents();
      for (const city of CITIES) expect(pages).toContain(FORMS[city].placement);
      expect(new Set(pages.filter((text) => text.endsWith('Umrah page'))).size).toBe(7);
      const received = (await rows.first().locator('td').first().textContent()) ?? '';
      expect(received).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T$/);
      await noScript();
    });

    full('filters by page, date and a phone typed another way; a reference opens its enquiry', async ({ page }) => {
      await signIn(page, desk.origin, desk.agent.email, desk.agent.password);
      await page.goto(`${desk.origin}/admin/leads`);
      await page.getByLabel('Page', { exact: true }).selectOption({ label: 'Dallas Umrah page' });
      await page.getByRole('button', { name: 'Show enquiries' }).click();
      await expect(page.locator('tbody tr')).toHaveCount(1);
      await expect(page.locator('tbody tr')).toContainText('Pilgrim dallas');
      await expect(page.getByLabel('Page', { exact: true })).toHaveValue('dallas');

      await page.goto(`${desk.origin}/admin/leads`);
      await page.getByLabel('Group of pages', { exact: true }).selectOption({ label: 'City pages' });
      await page.getByLabel('Received from', { exact: true }).fill(agencyDayFrom(0));
      await page.getByLabel('Received to', { exact: true }).fill(agencyDayFrom(0));
      await page.getByRole('button', { name: 'Show enquiries' }).click();
      await expect(page.locator('tbody tr')).toHaveCount(8);
      await page.getByLabel('Received from', { exact: true }).fill(agencyDayFrom(1));
      await page.getByLabel('Received to', { exact: true }).fill('');
      await page.getByRole('button', { name: 'Show enquiries' }).click();
      await expect(page.getByText('No enquiries match these filters.')).toBeVisible();

      await page.goto(`${desk.origin}/admin/leads`);
      await page.getByLabel('Search', { exact: true }).fill('713 555 0123');
      await page.getByRole('button', { name: 'Show enquiries' }).click();
      const found = page.locator('tbody tr');
      await expect(found).toHaveCount(2);
      await expect(found).toContainText([refs['okafor-contact']!, refs['okafor-hajj']!]);

      await page.goto(`${desk.origin}/admin/leads?status=won&page=abc`);
      await expect(page.getByRole('alert')).toContainText('The status "won" is not one the desk knows');
      await expect(page.locator('tbody tr')).toHaveCount(11);

      await page.getByLabel('Search', { exact: true }).fill(refs['dallas']!.slice(3).toLowerCase());
      await page.getByRole('button', { name: 'Show enquiries' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pilgrim dallas · Dallas Umrah page');
    });

    test('works a lead: status (Lost needs a reason), note, assignee, follow-up; script stays text', async ({
      page,
    }) => {
      const noScript = watchForScript(page);
      await signIn(page, desk.origin, desk.agent.email, desk.agent.password);
      await page.goto(`${desk.origin}/admin/leads?q=${refs['okafor-hajj']}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Yusuf Okafor · Hajj packages page');
      await expect(page.getByText(`Reference ${refs['okafor-hajj']}`)).toBeVisible();
      const reply = page.getByRole('link', { name: 'Reply by email' });
      expect(await reply.getAttribute('href')).toBe(
        `mailto:yusuf.okafor@example.com?subject=${encodeURIComponent(`Your Hajj enquiry ${refs['okafor-hajj']} — ${site.name}`)}`,
      );
      expect(await page.getByRole('link', { name: /^Call/ }).getAttribute('href')).toBe('tel:+17135550123');
      expect(await page.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toBe('https://wa.me/17135550123');

      // Lost without a reason: a message, the choice kept, nothing changed.
      await page.getByLabel('Status', { exact: true }).selectOption('lost');
      await page.getByRole('button', { name: 'Save status' }).click();
      await expect(page.getByRole('alert')).toHaveText('Say why the lead was lost: a reason is needed with Lost.');
      await expect(page.getByLabel('Status', { exact: true })).toHaveValue('lost');
      await page.goto(page.url());
      await expect(page.getByText('Now: New')).toBeVisible();
      await expect(page.getByText('No changes yet.')).toBeVisible();

      await page.getByLabel('Status', { exact: true }).selectOption('quoted');
      await page.getByRole('button', { name: 'Save status' }).click();
      await expect(page.getByRole('status')).toHaveText('Status saved.');
      await expect(page.getByText('Now: Quoted')).toBeVisible();

      await page.getByLabel('Note', { exact: true }).fill(SCRIPT_NOTE);
      await page.getByRole('button', { name: 'Add note' }).click();
      await expect(page.getByRole('status')).toHaveText('Note added.');
      await expect(page.locator('section[aria-labelledby="notes-heading"]')).toContainText(SCRIPT_NOTE);

      await page.getByLabel('Assignee', { exact: true }).selectOption({ label: desk.owner.email });
      await page.getByRole('button', { name: 'Save assignee' }).click();
      await expect(page.getByRole('status')).toHaveText('Assignee saved.');
      await expect(page.getByLabel('Assignee', { exact: true })).toHaveValue(/.+/);

      await page.getByLabel('Follow up on', { exact: true }).fill(agencyDayFrom(0));
      await page.getByRole('button', { name: 'Save follow-up' }).click();
      await expect(page.getByRole('status')).toHaveText('Follow-up saved.');
      const history = page.locator('section[aria-labelledby="history-heading"] li');
      await expect(history).toHaveCount(4);
      await expect(history.filter({ hasText: 'Status: New → Quoted' })).toContainText(desk.agent.email);

      // Another lead is lost with a reason that holds markup, and one more is overdue.
      await page.goto(`${desk.origin}/admin/leads?q=${refs['houston']}`);
      await page.getByLabel('Status', { exact: true }).selectOption('lost');
      await page.getByLabel('Lost reason', { exact: true }).fill(SCRIPT_REASON);
      await page.getByRole('button', { name: 'Save status' }).click();
      await expect(page.getByText(`Now: Lost: ${SCRIPT_REASON}`)).toBeVisible();
      await page.goto(`${desk.origin}/admin/leads?q=${refs['detroit']}`);
      await page.getByLabel('Follow up on', { exact: true }).fill(agencyDayFrom(-1));
      await page.getByRole('button', { name: 'Save follow-up' }).click();
      await expect(page.getByRole('status')).toHaveText('Follow-up saved.');

      await page.goto(`${desk.origin}/admin/leads`);
      await expect(page.getByRole('link', { name: 'Due today (1)' })).toBeVisible();
      await page.getByRole('link', { name: 'Due today (1)' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Due today');
      await expect(page.locator('tbody tr')).toHaveCount(1);
      await expect(page.locator('tbody tr')).toContainText(refs['okafor-hajj']!);
      await expect(page.locator('tbody tr')).toContainText('due today');
      await expect(page.locator('tbody tr')).toContainText(desk.owner.email);
      await page.getByRole('link', { name: 'Overdue (1)' }).click();
      await expect(page.locator('tbody tr')).toHaveCount(1);
      await expect(page.locator('tbody tr')).toContainText(refs['detroit']!);
      await expect(page.locator('tbody tr')).toContainText('overdue');

      await page.goto(`${desk.origin}/admin/leads?status=lost`);
      await expect(page.locator('tbody tr')).toHaveCount(1);
      await expect(page.locator('tbody tr')).toContainText(`Lost: ${SCRIPT_REASON}`);
      await noScript();
    });

    full('links the other enquiries from the same email or phone', async ({ page }) => {
      await signIn(page, desk.origin, desk.agent.email, desk.agent.password);
      await page.goto(`${desk.origin}/admin/leads?q=${refs['okafor-hajj']}`);
      const related = page.locator('section[aria-labelledby="related-heading"] a');
      await expect(related).toHaveCount(2);
      await expect(related).toContainText([
        `${refs['okafor-contact']}: Contact page`,
        `${refs['okafor-chicago']}: Chicago Umrah page`,
      ]);
      await related.filter({ hasText: refs['okafor-chicago']! }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aisha Okafor · Chicago Umrah page');
      // The captcha answer and the form's own fields are not the visitor's words.
      const details = page.locator('section[aria-labelledby="details-heading"]');
      await expect(details).toContainText('Full name');
      await expect(details).not.toContainText('Captcha');
      await expect(details).not.toContainText('_replyto');
      await expect(details).not.toContainText('Email subject');
      await expect(page.getByText(/received [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T/)).toBeVisible();
      // No relay or email is set up on this server: the lead is stored, and the page says so.
      await expect(page.locator('section[aria-labelledby="delivery-heading"]')).toContainText('Stored only');

      // A follow-up set and cleared again leaves both changes in the history.
      await page.getByLabel('Follow up on', { exact: true }).fill(agencyDayFrom(3));
      await page.getByRole('button', { name: 'Save follow-up' }).click();
      await page.getByRole('button', { name: 'Clear follow-up' }).click();
      await expect(page.getByRole('status')).toHaveText('Follow-up saved.');
      await expect(page.getByLabel('Follow up on', { exact: true })).toHaveValue('');
      await expect(page.locator('section[aria-labelledby="history-heading"] li').first()).toContainText(
        `Follow-up: ${agencyDayFrom(3)} → none`,
      );
    });

    full('exports the filtered list as CSV with the pipeline columns', async ({ page }) => {
      await signIn(page, desk.origin, desk.agent.email, desk.agent.password);
      await page.goto(`${desk.origin}/admin/leads?status=quoted`);
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download CSV' }).click();
      const rows = parse(readFileSync(await (await download).path(), 'utf8'), { columns: true }) as Record<
        string,
        string
      >[];
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        reference: refs['okafor-hajj'],
        status: 'Quoted',
        lost_reason: '',
        assigned_to: desk.owner.email,
        follow_up: agencyDayFrom(0),
        last_note: SCRIPT_NOTE,
      });

      const all = await page.request.get(`${desk.origin}/admin/leads.csv?form=contact`);
      const contact = parse(await all.text(), { columns: true }) as Record<string, string>[];
      expect(contact.map((row) => row['reference']).sort()).toEqual([refs['okafor-contact'], refs['script']].sort());
      const formula = contact.find((row) => row['reference'] === refs['script'])!;
      expect(formula['message']).toBe(
        '<img src=x onerror="window.hacked=1;alert(2)">=HYPERLINK("http://evil.example")',
      );
      expect(formula['firstName']).toBe(SCRIPT_NAME);
    });

    full('pages through more than 50 enquiries', async ({ page }) => {
      test.setTimeout(120_000);
      for (let n = 0; n < 45; n += 1)
        await send('hajj', {
          name: `Bulk ${n}`,
          email: `bulk${n}@example.com`,
          phone: `202555${String(n).padStart(4, '0')}`,
          message: 'More',
        });
      await signIn(page, desk.origin, desk.agent.email, desk.agent.password);
      await page.goto(`${desk.origin}/admin/leads`);
      await expect(page.getByText('Showing 1–50 of 56 enquiries')).toBeVisible();
      await expect(page.locator('tbody tr')).toHaveCount(50);
      await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
      await expect(page.getByText('Showing 51–56 of 56 enquiries')).toBeVisible();
      await expect(page.locator('tbody tr')).toHaveCount(6);
      await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
      await expect(page.locator('tbody tr').last()).toContainText(refs['okafor-hajj']!);
      await page.goto(`${desk.origin}/admin/leads?page=9`);
      await expect(page.getByText('There is no page 9: the last page is 2.')).toBeVisible();
    });

    full(
      'passes axe and html-validate on the list, a filtered list, a lead and the 404, wide and narrow',
      async ({ page }) => {
        test.setTimeout(120_000);
        await signIn(page, desk.origin, desk.agent.email, desk.agent.password);
        const paths = {
          list: '/admin/leads',
          filtered: `/admin/leads?status=lost&group=city&from=${agencyDayFrom(-7)}&q=price&due=overdue&bogus=1&assignee=none`,
          lead: `/admin/leads?q=${refs['houston']}`,
          missing: '/admin/leads/no-such-lead',
        };
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: 900 });
          for (const [name, path] of Object.entries(paths)) {
            const response = await page.goto(`${desk.origin}${path}`);
            expect(response?.status(), name).toBe(name === 'missing' ? 404 : 200);
            expect(await axeViolations(page), `${name} at ${width}px`).toEqual([]);
            if (width === 1280) expect(await htmlProblems(await response!.text(), name), name).toEqual([]);
            else expect(await axeViolationsWithWideTables(page), `${name}, wide tables`).toEqual([]);
          }
        }
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enquiry not found');
      },
    );
  });
}
