import type { Page, Response } from '@playwright/test';
import { expect, test } from './support/shared-page';
import {
  BROWSER_FORM_IDS,
  FORM_PAGES,
  REFERENCE,
  answerCaptcha,
  uniqueEmail,
  enquiry,
  fillValid,
  formDef,
  storedLeads,
  expectStoredAsTyped,
  requiredWhenBlank,
  submitText,
} from './support/forms';
import { axeViolations, htmlProblems } from './support/gates';
import type { FormDef } from '@/lib/forms/types';

/**
 * Every form when its scripts never arrive (blocked, broken, an old phone): the browser posts it
 * itself, and the server answers with pages. Scripts are aborted here; the last test turns
 * JavaScript off altogether. One form of each shape runs here; forms-http.spec.ts posts all 18.
 */
test.beforeEach(async ({ page }) => {
  await page.route('**/_astro/**/*.js', (route) => route.abort('blockedbyclient'));
});

const unique = (id: string) => uniqueEmail(`no-script-${id}`);

/**
 * Sends the form by its button and returns the server's answer once the page it brought has
 * loaded. Waiting for the response alone is not enough: the old page is still there for a moment.
 */
async function post(page: Page, def: FormDef): Promise<Response> {
  const answer = page.waitForResponse((response) => response.request().method() === 'POST');
  const landed = page.waitForEvent('load');
  await enquiry(page)
    .getByRole('button', { name: submitText(def) })
    .click();
  await landed;
  return answer;
}

/** Sends the form by its button and returns the status of the page the browser lands on. */
async function send(page: Page, def: FormDef): Promise<number> {
  return (await post(page, def)).status();
}

for (const id of BROWSER_FORM_IDS) {
  const def = formDef(id);
  const { path } = FORM_PAGES[id];

  test.describe(`${id} form on ${path} without scripts`, () => {
    test('an empty send comes back with every problem listed and linked, and the typed value kept', async ({
      page,
    }) => {
      await page.goto(path);
      const first = def.fields[0]!;
      await enquiry(page).locator(`[name="${first.name}"]`).fill('Amina Yusuf');
      expect(await send(page, def)).toBe(400);

      const summary = page.getByRole('alert');
      await expect(summary.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
      await expect(summary).toBeFocused();
      const form = enquiry(page);
      await expect(form.locator(`[name="${first.name}"]`)).toHaveValue('Amina Yusuf');
      const required = requiredWhenBlank(def).filter((field) => field.name !== first.name);
      await expect(summary.getByRole('link')).toHaveCount(required.length);
      for (const field of required) {
        const control = form.locator(`[name="${field.name}"]`);
        await expect(control).toHaveAttribute('aria-invalid', 'true');
        const message = (await control.evaluate((element) => element.getAttribute('aria-describedby')))!;
        const text = (await page.locator(`[id="${message.split(' ')[0]}"]`).textContent())!;
        // The summary's link carries the same words and leads to the field.
        const link = summary.getByRole('link', { name: text });
        await link.click();
        await expect(control).toBeFocused();
      }
      await expect(form.getByRole('button', { name: submitText(def) })).toBeEnabled();
    });

    test('a valid enquiry reaches the confirmation with its reference, stored once with the spec names', async ({
      page,
    }) => {
      await page.goto(path);
      let form = enquiry(page);
      const email = unique(id);
      const typed = await fillValid(form, def, email);
      if (def.travellers) {
        await form.getByLabel('Adults').fill('2');
        await form.getByLabel('Children').fill('1');
      }
      if (def.captcha) {
        // One extra step: the values come back with a sum to answer.
        expect(await send(page, def)).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('One more step to send your enquiry');
        form = enquiry(page);
        for (const [name, value] of Object.entries(typed))
          await expect(form.locator(`[name="${name}"]`)).toHaveValue(value);
        await answerCaptcha(form, def, 1);
        expect(await send(page, def)).toBe(400);
        await expect(page.getByRole('alert')).toContainText('Invalid Captcha');
        form = enquiry(page);
        await expect(form.locator(`input[name="${def.captcha}"]`)).toHaveAccessibleDescription('Invalid Captcha');
        await answerCaptcha(form, def);
      }
      expect(await send(page, def)).toBe(303);

      await expect(page).toHaveURL(/\/enquiry\/sent\?/);
      const leads = storedLeads(id, email);
      expect(leads).toHaveLength(1);
      const [lead] = leads;
      await expect(page.getByRole('status')).toHaveText(
        `${def.messages.success} Your reference is ${lead!.reference}.`,
      );
      expect(lead!.reference).toMatch(REFERENCE);
      await expect(page.getByRole('link', { name: /Chat on WhatsApp/ })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: /\+1 \(512\)/ })).toBeVisible();
      expectStoredAsTyped(lead!, id, typed);

      // Reading the confirmation again, or going back to it, sends nothing.
      await page.reload();
      await expect(page.getByRole('status')).toContainText(lead!.reference);
      await page.goBack();
      await page.goForward();
      expect(storedLeads(id, email)).toHaveLength(1);
    });
  });
}

test.describe('refusals and bots', () => {
  test('a form too large to read is refused with a page that says so and offers the phone and WhatsApp', async ({
    page,
  }) => {
    const def = formDef('contact');
    await page.goto('/contact-us');
    const email = unique('too-large');
    await fillValid(enquiry(page), def, email);
    await enquiry(page)
      .locator('textarea[name="message"]')
      .evaluate((box: HTMLTextAreaElement) => (box.value = 'x'.repeat(40_000)));
    expect(await send(page, def)).toBe(413);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your enquiry could not be sent');
    await expect(page.getByRole('main')).toContainText(/The form is larger than \d+ bytes/);
    await expect(page.getByRole('main').getByRole('link', { name: /Chat on WhatsApp/ })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /\+1 \(512\)/ })).toBeVisible();
    expect(storedLeads('contact', email)).toHaveLength(0);
  });

  test('the answer pages opened directly (no post, no such lead) show the not-found page', async ({ page }) => {
    for (const path of ['/enquiry/check', '/enquiry/sent?lead=no-such-lead']) {
      const response = await page.goto(path);
      expect(response!.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 - Page Not Found');
    }
  });

  test('a bot that fills the hidden field is shown the confirmation and nothing is stored', async ({ page }) => {
    const def = formDef('hajj');
    await page.goto('/hajj-packages');
    const email = unique('bot');
    await fillValid(enquiry(page), def, email);
    await enquiry(page).locator('input[name="website"]').fill('https://spam.example');
    expect(await send(page, def)).toBe(303);
    await expect(page.getByRole('status')).toHaveText(def.messages.success);
    expect(storedLeads('hajj', email)).toHaveLength(0);
  });
});

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('the Detroit form (multipart, plain traveller counts, a sum) reaches the confirmation', async ({ page }) => {
    const def = formDef('detroit');
    await page.goto('/detroit-umrah');
    let form = enquiry(page);
    const email = unique('detroit');
    await fillValid(form, def, email);
    await form.getByLabel('Adults').fill('3');
    expect(await send(page, def)).toBe(200);
    form = enquiry(page);
    await expect(form.getByLabel('Adults')).toHaveValue('3');
    await answerCaptcha(form, def);
    expect(await send(page, def)).toBe(303);
    const [lead] = storedLeads('detroit', email);
    await expect(page.getByRole('status')).toHaveText(`${def.messages.success} Your reference is ${lead!.reference}.`);
    expect(lead!.fields['Adults']).toBe('3');
    expect(lead!.fields['Request type']).toBe('detroit-umrah');
  });
});

test.describe('the answer pages pass the quality gates', () => {
  // Stylesheets arrive late, as on a slow phone network: the gates must judge each answer page
  // once it is styled, not the moment it commits (a CI run once caught the unstyled menu).
  test.beforeEach(async ({ page }) => {
    await page.route('**/_astro/**/*.css', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
  });

  for (const width of [1280, 390] as const) {
    test(`problems, the sum and the confirmation at ${width}px: axe and html-validate find nothing`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const def = formDef('home-booking');
      await page.goto('/');
      const problems = await post(page, def);
      const checks: [string, string[]][] = [['problems', await axeViolations(page)]];
      checks.push(['problems html', await htmlProblems(await problems.text(), 'problems')]);

      await fillValid(enquiry(page), def, unique('gates'));
      await answerCaptcha(enquiry(page), def, 2);
      const sum = await post(page, def);
      checks.push(['invalid sum html', await htmlProblems(await sum.text(), 'sum')]);
      checks.push(['invalid sum', await axeViolations(page)]);

      await answerCaptcha(enquiry(page), def);
      expect(await send(page, def)).toBe(303);
      checks.push(['confirmation', await axeViolations(page)]);
      checks.push([
        'confirmation html',
        await htmlProblems(await (await page.request.get(page.url())).text(), 'confirmation'),
      ]);
      expect(checks.filter(([, found]) => found.length > 0)).toEqual([]);
    });
  }
});
