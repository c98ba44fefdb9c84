import { expect, test } from '@playwright/test';
import { addDays, agencyDay } from '@/lib/agency-time';
import { site } from '@/lib/site';
import { QuoteStore } from '@/server/quotes/store';
import { leadApiConfig } from '@/server/leads/config';
import { openLeadStore } from '@/server/leads/open-store';
import { quoteDraft } from '../unit/support/quotes.ts';
import { signIn, startDesk, type Desk } from './support/desk.ts';
import { REFERENCE, enquiry, fillValid, formDef, formIsland, submitText, uniqueEmail } from './support/forms.ts';

/**
 * Where an enquiry came from, in Chromium against the built server on SQLite (the stores' sums are
 * the unit suites' job): a family lands on the home page from a mosque newsletter's link, moves on to
 * the Ramadan page and sends an enquiry there; its quote is sent and accepted through the store, as the
 * desk and the pilgrim would; staff record the deposit, and the dashboard counts the enquiry and the
 * booking under the newsletter.
 */

const STAFF = { id: 'e2e-owner', email: 'owner@agency.example' };

test.describe('where enquiries come from', () => {
  let desk: Desk;
  test.beforeAll(async () => {
    desk = await startDesk('sqlite');
  });
  test.afterAll(async () => {
    await desk?.stop();
  });

  test('an enquiry from a newsletter link that books shows under that source on the dashboard', async ({ page }) => {
    await page.goto(`${desk.origin}/?utm_source=masjid-newsletter&utm_campaign=ramadan`);
    await page.locator('a[href="/ramadan-umrah"]:visible').first().click();
    await expect(page).toHaveURL(/\/ramadan-umrah$/);
    const form = enquiry(page);
    const def = formDef('ramadan');
    await form.getByRole('button', { name: submitText(def) }).hover();
    await expect(formIsland(page)).not.toHaveAttribute('ssr');
    await fillValid(form, def, uniqueEmail('source'));
    await form.getByRole('button', { name: submitText(def) }).click();
    await expect(form.getByRole('status')).toContainText(REFERENCE);
    const reference = REFERENCE.exec((await form.getByRole('status').textContent()) ?? '')![0];

    // The quote is sent and accepted through the store; staff take the deposit on the lead page.
    const today = agencyDay(new Date(), site.timeZone);
    const leadId = await onDeskStore(desk, async (quotes, store) => {
      const lead = (await store.leadByReference(reference))!;
      const departureOn = addDays(today, 90);
      const validUntil = addDays(today, 7);
      const draft = quoteDraft({
        departureOn,
        returnOn: addDays(departureOn, 14),
        validUntil,
        schedule: [
          { dueOn: validUntil, amountCents: 150_000 },
          { dueOn: addDays(departureOn, -45), amountCents: 395_250 },
        ],
      });
      const saved = await quotes.saveDraft({ leadId: lead.id }, draft, STAFF, today);
      if (!saved?.ok) throw new Error(`The draft was refused: ${JSON.stringify(saved)}`);
      const sent = await quotes.send({ leadId: lead.id, quoteId: saved.quoteId }, STAFF, today);
      if (!sent?.ok) throw new Error('The quote was not sent');
      expect((await quotes.accept(sent.token, 1, 'Amina Yusuf', today)).outcome).toBe('accepted');
      return lead.id;
    });

    await signIn(page, desk.origin, desk.owner.email, desk.owner.password);
    await page.goto(`${desk.origin}/admin/leads/${leadId}`);
    const source = page.locator('section[aria-labelledby="source-heading"]');
    await expect(source).toContainText('Sourcemasjid-newsletter');
    await expect(source).toContainText('Landing page/');
    await expect(source).toContainText('Campaign name (utm_campaign)ramadan');
    await page.getByLabel('Amount ($)').fill('1,500');
    await page.getByLabel('Method').selectOption({ label: 'Bank transfer' });
    await page.getByRole('button', { name: 'Record payment' }).click();
    await expect(page.getByText('Now: Booked')).toBeVisible();

    await page.goto(`${desk.origin}/admin/dashboard`);
    const chart = page.locator('section[aria-labelledby="first-touch-sources-heading"]');
    await expect(chart.locator('svg')).toContainText('masjid-newsletter');
    await chart.getByText('Show the numbers').click();
    const row = chart.getByRole('row', { name: /^masjid-newsletter/ });
    // Enquiries, quotes sent, booked, received.
    await expect(row.getByRole('cell')).toHaveText(['1', '1', '1', '$1,500']);
  });
});

/** Runs `work` on the desk's store from the test process, as a second instance of the server would. */
async function onDeskStore<T>(
  desk: Desk,
  work: (quotes: QuoteStore, store: Awaited<ReturnType<typeof openLeadStore>>) => Promise<T>,
): Promise<T> {
  const store = await openLeadStore(leadApiConfig(desk.env));
  try {
    return await work(new QuoteStore(store.database), store);
  } finally {
    await store.close();
  }
}
