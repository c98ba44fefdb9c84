import { expect, test } from './support/shared-page';
import {
  BROWSER_FORM_IDS,
  FORM_IDS,
  FORM_PAGES,
  answerCaptcha,
  countLeadPosts,
  enquiry,
  fillValid,
  formDef,
  formIsland,
  openForm,
  REFERENCE,
  storedLeads,
  expectStoredAsTyped,
  uniqueEmail,
  requiredWhenBlank,
  submitText,
  busyText,
} from './support/forms';
import { selfStartedLoadsHadTheirChance } from './support/scripts';
import { formTextIn } from '@/lib/forms/text-in';
import { latinDigits } from '@/lib/digits';
import { proseDigits } from '@/lib/i18n/numbers';

/** The summary the traveller button shows for the default one adult and no children. */
const defaultSummary = (padded: boolean) => (padded ? 'Adults-01/Children-00' : '1 Traveller');

// One form of each shape (tests/support/form-shapes.ts); forms-http.spec.ts posts every form's own names.
for (const id of BROWSER_FORM_IDS) {
  const def = formDef(id);
  const { path } = FORM_PAGES[id];
  const unique = () => uniqueEmail(`pilgrim-${id}`);

  // One visit per form shape: the refusals, the failures and the success follow each other as one
  // visitor would meet them, so the page is loaded and hydrated once, not four times.
  test(`${id} form on ${path}: refuses, fails gently, then stores the enquiry with the spec names`, async ({
    page,
  }) => {
    const form = await openForm(page, path, submitText(def));
    const posts = countLeadPosts(page);
    const submit = form.getByRole('button', { name: submitText(def) });

    // An empty submit sends nothing and marks every required field.
    await submit.click();
    await expect(form.getByRole('status')).toHaveText(def.messages.invalid);
    const required = [...requiredWhenBlank(def), ...(def.captcha ? [{ name: def.captcha }] : [])];
    for (const field of required) {
      await expect(form.locator(`[name="${field.name}"]`)).toHaveAttribute('aria-invalid', 'true');
    }
    await expect(form.locator(`[name="${required[0]!.name}"]`)).toBeFocused();
    for (const field of def.fields.filter((item) => !item.required)) {
      await expect(form.locator(`[name="${field.name}"]`)).not.toHaveAttribute('aria-invalid', 'true');
    }

    const email = unique();
    const typed = await fillValid(form, def, email);
    if (def.captcha) {
      // A wrong answer shows "Invalid Captcha" and sends nothing; editing the answer clears it.
      await answerCaptcha(form, def, 1);
      await submit.click();
      const answer = form.locator(`input[name="${def.captcha}"]`);
      await expect(answer).toHaveAttribute('aria-invalid', 'true');
      await expect(answer).toHaveAccessibleDescription('Invalid Captcha');
      await answer.fill('7');
      await expect(answer).not.toHaveAttribute('aria-invalid', 'true');
    }
    expect(posts.count()).toBe(0);
    if (def.travellers) {
      await form.getByRole('button', { name: /^Travellers/ }).click();
      await form.getByRole('button', { name: 'More adults' }).click();
      await form.getByRole('button', { name: 'More children' }).click();
      await form.getByRole('button', { name: 'Save' }).click();
      const padded = def.travellers.label === 'padded';
      await expect(form.getByRole('button', { name: /^Travellers/ })).toHaveText(
        padded ? 'Adults-02/Children-01' : '3 Travellers',
      );
    }
    await answerCaptcha(form, def);

    // A failed request shows this form's error text and keeps the fields; so does a lost one.
    await page.route('**/api/forms/**', (route) => route.fulfill({ status: 500, body: '{}' }));
    await submit.click();
    await expect(form.getByRole('status')).toHaveText(def.messages.failure);
    for (const [name, value] of Object.entries(typed)) {
      await expect(form.locator(`[name="${name}"]`)).toHaveValue(value);
    }
    await page.unroute('**/api/forms/**');
    await page.route('**/api/forms/**', (route) => route.abort('internetdisconnected'));
    await submit.click();
    await expect(form.getByRole('status')).toHaveText(def.messages.networkFailure ?? def.messages.failure);
    await expect(form.locator(`[name="${def.fields[0]!.name}"]`)).toHaveValue(typed[def.fields[0]!.name]!);
    await page.unroute('**/api/forms/**');

    // The connection is back: "Try again" sends the same entries, held so the sending state shows.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/forms/**', async (route) => {
      await held;
      await route.continue();
    });
    const request = page.waitForRequest((req) => req.url().endsWith(`/api/forms/${id}`));
    await form.getByRole('button', { name: 'Try again' }).click();
    await expect(form.getByRole('button', { name: busyText(def) })).toBeDisabled();
    const sent = await request;
    expect(sent.headers()['content-type']).toContain(
      def.encoding === 'multipart' ? 'multipart/form-data' : 'application/x-www-form-urlencoded',
    );
    release();

    await expect(form.getByRole('status')).toContainText(def.messages.success);
    const leads = storedLeads(id, email);
    expect(leads, 'the lead is in the SQLite file, once').toHaveLength(1);
    const lead = leads[0]!;
    // The spec's text, then the reference the visitor can quote.
    await expect(form.getByRole('status')).toHaveText(
      [def.messages.success, `Your reference is ${lead.reference}.`, ...(def.next ? [def.next] : [])].join(' '),
    );
    expect(lead.reference).toMatch(REFERENCE);
    expectStoredAsTyped(lead, id, typed);

    // Fields cleared, counts back to the defaults, a fresh question.
    await expect(form.locator(`[name="${def.fields[0]!.name}"]`)).toHaveValue('');
    if (def.travellers) {
      await expect(form.getByRole('button', { name: /^Travellers/ })).toHaveText(
        defaultSummary(def.travellers.label === 'padded'),
      );
    }
    if (def.captcha) await expect(form.locator(`input[name="${def.captcha}"]`)).toHaveValue('');
  });
}

test.describe('form details', () => {
  test('the contact counter counts to 500, flags more and resets after sending', async ({ page }) => {
    const form = await openForm(page, '/contact-us', 'Send Message');
    const message = form.getByLabel('Your message');
    await message.fill('Salaam');
    await expect(message).toHaveAccessibleDescription('6/500 characters');
    await message.fill('x'.repeat(501));
    await expect(message).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('501/500 characters')).toBeVisible();
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(message).toHaveAccessibleDescription(/Please keep this to 500 characters or fewer/);

    await fillValid(form, formDef('contact'), uniqueEmail('counter'));
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('status')).toContainText(formDef('contact').messages.success);
    await expect(message).toHaveAccessibleDescription('0/500 characters');
  });

  test('text typed before the form hydrates is kept and counted', async ({ page }) => {
    await page.goto('/contact-us');
    const form = enquiry(page);
    // Nobody has reached for the form yet, so it has not hydrated; its button works regardless.
    await expect(formIsland(page)).toHaveAttribute('ssr');
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    await form.locator('textarea[name="message"]').evaluate((box: HTMLTextAreaElement) => {
      box.value = 'Salaam';
    });
    await form.getByLabel('Your message').hover();
    await expect(formIsland(page)).not.toHaveAttribute('ssr');
    await expect(form.getByLabel('Your message')).toHaveValue('Salaam');
    await expect(form.getByText('6/500 characters')).toBeVisible();
  });

  test('the Hajj form\'s message shows "Maximum 500 characters (n/500)"', async ({ page }) => {
    await openForm(page, '/hajj-packages', 'Send Inquiry');
    const message = enquiry(page).getByLabel('Your message');
    await message.fill('We are a couple in our sixties.');
    await expect(enquiry(page).getByText('Maximum 500 characters (31/500)')).toBeVisible();
  });

  test('the traveller picker works by keyboard, and Escape closes it without saving', async ({ page }) => {
    const form = await openForm(page, '/umrah-packages', 'Send Inquiry');
    const toggle = form.getByRole('button', { name: /^Travellers/ });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(form.getByRole('button', { name: 'Fewer adults' })).toBeDisabled();
    await form.getByRole('button', { name: 'More adults' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect(form.getByRole('group', { name: 'Travellers' })).toContainText('3');
    await page.keyboard.press('Escape');
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveText('1 Traveller');
    await page.keyboard.press('Enter');
    await form.getByRole('button', { name: 'More children' }).focus();
    await page.keyboard.press('Enter');
    await form.getByRole('button', { name: 'Save' }).focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveText('2 Travellers');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('the refresh button asks the server for a new sum', async ({ page }) => {
    const form = await openForm(page, '/december-umrah', 'Send Inquiry');
    await expect(form.getByText(/Security question: what is/)).toBeVisible();
    const next = page.waitForResponse((response) => response.url().endsWith('/api/captcha'));
    await form.getByRole('button', { name: 'New security question' }).click();
    expect((await next).status()).toBe(200);
    await expect(form.getByText(/Security question: what is \d+ \+ \d+\?/)).toBeVisible();
  });

  test('a sum typed on a Bengali keyboard ("৭") answers the question, and the enquiry is stored', async ({ page }) => {
    const def = formDef('home-booking');
    const text = formTextIn(def, 'bn');
    const form = await openForm(page, '/bn', text.submit);
    const email = uniqueEmail('bengali-digits');
    await fillValid(form, def, email);
    // The question is written in Bengali digits, as the rest of the page; the answer is typed in them.
    const question = form.getByText(/[০-৯]+ \+ [০-৯]+/);
    const [, a, b] = /([০-৯]+) \+ ([০-৯]+)/.exec((await question.textContent()) ?? '')!;
    const bengali = proseDigits(Number(latinDigits(a!)) + Number(latinDigits(b!)), 'bn');
    await form.locator(`input[name="${def.captcha}"]`).fill(bengali);
    await form.getByRole('button', { name: text.submit }).click();
    await expect(form.getByRole('status')).toContainText(text.success);
    expect(storedLeads('home-booking', email), 'the lead is in the SQLite file, once').toHaveLength(1);
  });

  test('Dallas offers adults 1-10 and children 0-10; Last 10 Days offers its own choices', async ({ page }) => {
    await page.goto('/dallas-umrah');
    const dallas = enquiry(page);
    // The choices offered; a placeholder option (value "") comes before them.
    await expect(dallas.getByLabel('Adults').locator('option:not([value=""])')).toHaveText(
      Array.from({ length: 10 }, (_, index) => String(index + 1)),
    );
    await expect(dallas.getByLabel('Children').locator('option:not([value=""])')).toHaveText(
      Array.from({ length: 11 }, (_, index) => String(index)),
    );
    await page.goto('/package/ramadan-last-10-days');
    const last10 = enquiry(page);
    await expect(last10.getByLabel('Adults').locator('option:not([value=""])')).toHaveText(['1', '2', '3', '4', '5+']);
    await expect(last10.getByLabel('Children').locator('option:not([value=""])')).toHaveText([
      '0',
      '1',
      '2',
      '3',
      '4+',
    ]);
    await expect(last10.getByLabel('Infants').locator('option:not([value=""])')).toHaveText(['0', '1', '2']);
    await expect(last10.getByLabel('Departure city').locator('option')).toHaveCount(8);
  });
});

test.describe('sending safely', () => {
  const def = formDef('umrah');
  const email = () => uniqueEmail('pilgrim-safe');

  test('a send whose answer is lost is repeated with the same key and stored once', async ({ page }) => {
    const form = await openForm(page, '/umrah-packages', submitText(def));
    const address = email();
    await fillValid(form, def, address);
    await answerCaptcha(form, def);
    const keys: string[] = [];
    await page.route('**/api/forms/**', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length > 1) return route.continue();
      // The server stores the lead, but its answer never reaches the browser.
      await route.fetch();
      return route.abort('connectionreset');
    });
    await form.getByRole('button', { name: submitText(def) }).click();
    await expect(form.getByRole('status')).toHaveText(def.messages.networkFailure ?? def.messages.failure);
    expect(storedLeads('umrah', address)).toHaveLength(1);

    await form.getByRole('button', { name: 'Try again' }).click();
    const [lead] = storedLeads('umrah', address);
    await expect(form.getByRole('status')).toHaveText(`${def.messages.success} Your reference is ${lead!.reference}.`);
    expect(storedLeads('umrah', address)).toHaveLength(1);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  test('unsent entries survive leaving and reloading the page, until the enquiry is accepted', async ({ page }) => {
    let form = await openForm(page, '/umrah-packages', submitText(def));
    const typed = await fillValid(form, def, email());
    await form.getByRole('button', { name: /^Travellers/ }).click();
    await form.getByRole('button', { name: 'More adults' }).click();
    await form.getByRole('button', { name: 'Save' }).click();

    // A new visit in the same tab (not the browser's own form restore): the entries come back at once.
    await page.goto('/about-us');
    await page.goto('/umrah-packages');
    form = enquiry(page);
    await expect(formIsland(page)).not.toHaveAttribute('ssr');
    for (const [name, value] of Object.entries(typed))
      await expect(form.locator(`[name="${name}"]`)).toHaveValue(value);
    await expect(form.getByRole('button', { name: /^Travellers/ })).toHaveText('2 Travellers');

    await page.reload();
    form = enquiry(page);
    for (const [name, value] of Object.entries(typed))
      await expect(form.locator(`[name="${name}"]`)).toHaveValue(value);

    await answerCaptcha(form, def);
    await form.getByRole('button', { name: submitText(def) }).click();
    await expect(form.getByRole('status')).toContainText(def.messages.success);
    await page.goto('/umrah-packages');
    await expect(enquiry(page).locator('[name="name"]')).toHaveValue('');
    await expect(formIsland(page)).toHaveAttribute('ssr');
  });

  test("when the form's checks cannot load, the browser sends the form itself and reaches the confirmation", async ({
    page,
  }) => {
    const hajj = formDef('hajj');
    await page.route('**/_astro/schema.*.js', (route) => route.abort('blockedbyclient'));
    const form = await openForm(page, '/hajj-packages', submitText(hajj));
    const address = email();
    await fillValid(form, hajj, address);
    await form.getByRole('button', { name: submitText(hajj) }).click();
    await expect(page).toHaveURL(/\/enquiry\/sent\?/);
    const [lead] = storedLeads('hajj', address);
    await expect(page.getByRole('status')).toHaveText(`${hajj.messages.success} Your reference is ${lead!.reference}.`);
  });

  test('no page with a form loads JavaScript before the visitor reaches for the form', async ({ page }) => {
    for (const id of FORM_IDS) {
      const { path } = FORM_PAGES[id];
      const scripts: string[] = [];
      const collect = (request: { resourceType: () => string; url: () => string }) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      };
      page.on('request', collect);
      await page.goto(path);
      await enquiry(page).scrollIntoViewIfNeeded();
      await selfStartedLoadsHadTheirChance(page);
      expect(scripts, `${path} loaded scripts before any interaction`).toEqual([]);
      // The visitor reaches for the form: now, and only now, its code arrives.
      await enquiry(page)
        .getByRole('button', { name: submitText(formDef(id)) })
        .hover();
      await expect(formIsland(page)).not.toHaveAttribute('ssr');
      expect(scripts.some((url) => url.includes('/_astro/LeadForm.'))).toBe(true);
      page.off('request', collect);
    }
  });
});
