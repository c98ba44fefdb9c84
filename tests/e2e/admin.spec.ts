import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { FORMS } from '@/lib/forms/definitions';
import { startServer, type SideServer } from './support/server';

/** The staff inbox on its own server: a password set, a fresh leads file, two stored enquiries. */
let origin: string;
const PASSWORD = 'correct horse battery staple';
let server: SideServer;
let clientNumber = 0;
const references: Record<string, string> = {};

test.describe.configure({ mode: 'serial' });

async function submit(form: string, fields: Record<string, string>) {
  const response = await fetch(`${origin}/api/forms/${form}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Referer: `${origin}/contact-us` },
    body: new URLSearchParams(fields),
  });
  expect(response.status).toBe(201);
  references[form] = ((await response.json()) as { reference: string }).reference;
}

test.beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'miqat-inbox-'));
  server = await startServer({ LEADS_DB: join(dir, 'leads.db'), ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: '1' });
  origin = server.origin;
  await submit('hajj', {
    name: 'Yusuf Okafor',
    email: 'yusuf@example.com',
    phone: '7135550123',
    message: 'Two of us for Hajj next year.',
  });
  await submit('contact', {
    firstName: '<script>alert("x")</script>',
    lastName: 'Ali',
    email: 'maryam@example.com',
    phone: '',
    subject: 'general-inquiry',
    message: '=HYPERLINK("http://evil.example")',
  });
});

test.afterAll(() => {
  server.process.kill();
});

/** Each test signs in from its own address, so the login limit of one never touches another. */
async function signIn(page: Page, password = PASSWORD) {
  clientNumber += 1;
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `198.51.100.${clientNumber}` });
  await page.goto(`${origin}/admin/leads`);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('without ADMIN_PASSWORD the inbox does not exist', async ({ request }) => {
  // The main test server runs without a password.
  expect((await request.get('/admin/leads')).status()).toBe(404);
  expect((await request.get('/admin/leads.csv')).status()).toBe(404);
});

test('the inbox is never cached or indexed, and it is not in the sitemap', async ({ request }) => {
  const response = await request.get(`${origin}/admin/leads`);
  expect(response.headers()['cache-control']).toBe('no-store');
  expect(response.headers()['x-robots-tag']).toBe('noindex, nofollow');
  expect(readFileSync(join(process.env['DIST_DIR'] ?? 'dist', 'client/sitemap-0.xml'), 'utf8')).not.toContain('/admin');
});

test('a wrong password is refused with a message, and the sign-in page passes axe', async ({ page }) => {
  await signIn(page, 'guess');
  await expect(page.getByRole('alert')).toHaveText('That password is not right. Please try again.');
  await expect(page.getByRole('heading', { name: 'Enquiries' })).toHaveCount(0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});

test('after five wrong passwords even the right one waits', async ({ page }) => {
  await signIn(page, 'guess 1');
  for (let attempt = 2; attempt <= 5; attempt += 1) {
    await page.getByLabel('Password').fill(`guess ${attempt}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Too many attempts. Please wait 15 minutes and try again.');
});

test('staff see the enquiries newest first, with visitor text shown as text', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => void dialog.dismiss().then(() => dialogs.push(dialog.message())));
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Enquiries' })).toBeVisible();
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('<script>alert("x")</script> Ali');
  await expect(rows.nth(0)).toContainText('maryam@example.com');
  await expect(rows.nth(0)).toContainText('stored (no relay set)');
  await expect(rows.nth(1)).toContainText(FORMS.hajj.heading);
  await expect(rows.nth(1)).toContainText('7135550123');
  await expect(rows.nth(0)).toContainText(references['contact']!);
  await expect(rows.nth(1)).toContainText(references['hajj']!);
  expect(dialogs).toEqual([]);
  expect(await page.locator('main script').count()).toBe(0);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  await page.getByRole('link', { name: 'Yusuf Okafor' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(FORMS.hajj.heading);
  await expect(page.locator('dd', { hasText: 'Two of us for Hajj next year.' })).toBeVisible();
  await expect(page.locator('dd', { hasText: `${origin}/contact-us` })).toBeVisible();
  await expect(page.getByText(`Reference ${references['hajj']}`)).toBeVisible();
});

test('the form filter narrows the list and the CSV download has every field', async ({ page }) => {
  await signIn(page);
  await page.getByLabel('Form').selectOption('hajj');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.locator('tbody tr')).toHaveCount(1);

  await page.goto(`${origin}/admin/leads`);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  const [header, ...lines] = csv.trim().split('\n');
  expect(header).toMatch(
    /^id,reference,received_at,form_id,page_url,user_agent,firstName,lastName,email,phone,subject,message/,
  );
  expect(lines).toHaveLength(2);
  expect(lines[0]).toContain(`,${references['contact']},`);
  // A formula typed into a form is defused with a leading apostrophe.
  expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
});

test('a reference quoted on the phone opens its enquiry, typed any way', async ({ page }) => {
  await signIn(page);
  const typed = references['hajj']!.slice(3).toLowerCase();
  await page.getByLabel('Reference').fill(` mq ${typed} `);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(FORMS.hajj.heading);
  await expect(page.getByText(`Reference ${references['hajj']}`)).toBeVisible();

  await page.goto(`${origin}/admin/leads?reference=MQ-ZZZZZZ`);
  await expect(page.getByRole('alert')).toHaveText('No enquiry has the reference MQ-ZZZZZZ.');
  await expect(page.getByLabel('Reference')).toHaveValue('MQ-ZZZZZZ');
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
});

test('signing out ends the session; a lead page then asks to sign in', async ({ page }) => {
  await signIn(page);
  const leadHref = await page.locator('tbody a').first().getAttribute('href');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByLabel('Password')).toBeVisible();
  await page.goto(`${origin}${leadHref}`);
  await expect(page).toHaveURL(`${origin}/admin/leads`);
  expect((await page.request.get(`${origin}/admin/leads.csv`)).status()).toBe(401);
});
