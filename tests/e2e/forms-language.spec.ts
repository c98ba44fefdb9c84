import { expect, test, type Page, type Response } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { signIn, startDesk, type Desk } from './support/desk';
import { htmlProblems } from './support/gates';

/*
 * An enquiry sent in Urdu without JavaScript, as a parent's family would on the Urdu contact page:
 * the problems come back in Urdu (the check page right to left), the valid enquiry reaches the
 * Urdu confirmation, and the desk, in English, shows the lead's language on its page, in the list
 * and in the CSV. One server of its own on a fresh SQLite store, so the desk sees only these leads.
 */

test.use({ javaScriptEnabled: false });
// A server of its own, two answer pages judged by axe and the desk: more than one page's work.
test.describe.configure({ timeout: 180_000 });

let desk: Desk;
test.beforeAll(async () => {
  desk = await startDesk('sqlite');
});
test.afterAll(async () => {
  await desk.stop();
});

/** The contact form's Urdu words, as the form dictionary (src/lib/i18n/ur/form.ts) says them. */
const URDU = {
  send: 'پیغام بھیجیں',
  firstName: 'پہلا نام',
  lastName: 'خاندانی نام',
  email: 'ای میل ایڈریس',
  phone: 'فون نمبر (اختیاری)',
  subject: 'موضوع',
  umrah: 'عمرہ پیکج',
  message: 'آپ کا پیغام',
};

/** Presses the form's button and waits for the page the browser's own post lands on; the post's answer. */
async function send(page: Page, button: string): Promise<Response> {
  const answer = page.waitForResponse((response) => response.request().method() === 'POST');
  const landed = page.waitForEvent('load');
  await page.locator('#enquiry').getByRole('button', { name: button }).click();
  await landed;
  return answer;
}

/** An Urdu enquiry from `start` (whose button says `firstButton`), empty first, then valid; its reference. */
async function urduEnquiry(page: Page, start: string, firstButton: string): Promise<string> {
  await page.goto(`${desk.origin}${start}`);
  const problems = await send(page, firstButton);
  expect(problems.status()).toBe(400);
  // Whatever stood between the page and its first post is done.
  await page.unrouteAll({ behavior: 'wait' });

  // The check page, in Urdu and right to left, every problem in Urdu.
  await expect(page.locator('html')).toHaveAttribute('lang', 'ur');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('آپ کا استفسار ابھی نہیں بھیجا گیا');
  const summary = page.getByRole('alert');
  await expect(summary.getByRole('heading', { name: 'ایک مسئلہ ہے' })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'براہ کرم یہ خانہ پُر کریں: پہلا نام۔' })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'براہ کرم ایک انتخاب کریں: موضوع۔' })).toBeVisible();
  const form = page.locator('#enquiry');
  await expect(form.getByLabel(URDU.firstName)).toHaveAttribute('aria-invalid', 'true');
  // axe cannot run in a page without JavaScript; the markup is checked here, axe on the built pages' gates.
  expect(await htmlProblems(await problems.text(), 'Urdu check page')).toEqual([]);

  await form.getByLabel(URDU.firstName).fill('آمنہ');
  await form.getByLabel(URDU.lastName).fill('یوسف');
  await form.getByLabel(URDU.email).fill(`urdu-${Date.now()}@example.com`);
  await form.getByLabel(URDU.subject).selectOption({ label: URDU.umrah });
  await form.getByLabel(URDU.message).fill('میری والدہ کے ساتھ رمضان میں عمرہ');
  await form.getByLabel(URDU.phone).fill('+1 (512) 555-0143');
  // What is typed reads in its own direction inside the right-to-left page: the name and the message
  // right to left, the email address and the phone number left to right, in their own order.
  const direction = (label: string) =>
    form.getByLabel(label).evaluate((box) => (box.matches(':dir(ltr)') ? 'ltr' : 'rtl'));
  expect(await Promise.all([URDU.firstName, URDU.message, URDU.email, URDU.phone].map(direction))).toEqual([
    'rtl',
    'rtl',
    'ltr',
    'ltr',
  ]);
  expect((await send(page, URDU.send)).status()).toBe(303);

  // The confirmation, in Urdu, with the reference in its own direction.
  await expect(page).toHaveURL(/\/ur\/enquiry\/sent\?lead=/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ur');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('شکریہ');
  const status = page.getByRole('status');
  await expect(status).toContainText('آپ کے پیغام کا شکریہ!');
  const reference = (await status.locator('bdi[dir="ltr"]').textContent())!;
  expect(reference).toMatch(/^MQ-[A-Z0-9]{6}$/);
  expect(await htmlProblems(await (await page.request.get(page.url())).text(), 'Urdu confirmation')).toEqual([]);
  return reference;
}

/** The lead's language where staff read it: its page, the list and the CSV, all in English. */
async function expectUrduOnTheDesk(page: Page, reference: string): Promise<void> {
  await signIn(page, desk.origin, desk.agent.email, desk.agent.password);
  // The whole list: a search for a reference opens its lead at once.
  await page.goto(`${desk.origin}/admin/leads`);
  const row = page.locator('tbody tr', { hasText: reference });
  await expect(row.locator('[data-lead-language]')).toHaveText('Urdu (اردو)');
  await row.getByRole('link').first().click();
  await expect(page.locator('[data-lead-language]')).toHaveText('Urdu (اردو)');
  await expect(page.locator('[data-lead-language] bdi')).toHaveAttribute('lang', 'ur');
  const csv = await page.request.get(`${desk.origin}/admin/leads.csv?form=contact`);
  const rows = parse(await csv.text(), { columns: true }) as Record<string, string>[];
  expect(rows.find((each) => each['reference'] === reference)).toMatchObject({
    language: 'Urdu',
    subject: 'umrah-packages',
  });
}

test('an enquiry sent from the Urdu contact page without JavaScript answers in Urdu, and the desk shows "Urdu"', async ({
  page,
}) => {
  expect((await page.request.get(`${desk.origin}/ur/contact-us`)).status()).toBe(200);
  const reference = await urduEnquiry(page, '/ur/contact-us', URDU.send);
  await expectUrduOnTheDesk(page, reference);
});

test('the Urdu page’s own post (its language field) answers in Urdu from the check page to the confirmation, and the desk shows "Urdu"', async ({
  page,
}) => {
  // The first post carries the one field an Urdu page adds to this form; everything after it (the
  // Urdu check page, its form, the second post, the confirmation) is the server's own.
  await page.route(`${desk.origin}/api/forms/contact`, (route) =>
    route.continue({ postData: `${route.request().postData() ?? ''}&_lang=ur` }),
  );
  const reference = await urduEnquiry(page, '/contact-us', 'Send Message');
  await expectUrduOnTheDesk(page, reference);
});
