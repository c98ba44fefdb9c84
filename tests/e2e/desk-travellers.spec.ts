import { expect, test, type Page } from '@playwright/test';
import { addDays, agencyDay } from '@/lib/agency-time';
import { formatDay } from '@/lib/dates';
import { site } from '@/lib/site';
import { addMonths } from '@/lib/trips/checklist';
import { signIn, startDesk, type Desk } from './support/desk.ts';
import { bookedEnquiry } from './support/quotes.ts';
import { axeViolations, htmlProblems } from './support/gates.ts';

/**
 * The travellers on a booking, in Chromium with scripts off against the built server on SQLite (the
 * stores' parity is the unit suites' job). The quote for 2 adults and a child is sent, accepted and
 * its deposit recorded through the store, as desk-quotes.spec.ts does them in the browser; staff then
 * add the three travellers with the lead page's form, one whose passport expires too soon.
 */

const today = agencyDay(new Date(), site.timeZone);
const departure = addDays(today, 100);
/** Flights from Chicago: the travellers land the day after they leave. */
const arrival = addDays(departure, 1);

const card = (page: Page) => page.locator('section[aria-labelledby="travellers-heading"]');
const form = (page: Page) => page.locator('#traveller-form');

/** Fills the traveller form's fields that are given, and saves. */
async function addTraveller(page: Page, fields: { name: string; category?: string; passport?: string }) {
  await form(page).getByLabel('Name as in the passport').fill(fields.name);
  if (fields.category) await form(page).getByLabel('Category').selectOption({ label: fields.category });
  if (fields.passport) await form(page).getByLabel('Passport expiry date').fill(fields.passport);
  await form(page).getByRole('button', { name: 'Add traveller' }).click();
}

test.describe('the travellers on a booking', () => {
  test.describe.configure({ mode: 'serial' });
  let desk: Desk;
  let leadId: string;

  test.beforeAll(async () => {
    desk = await startDesk('sqlite');
    leadId = await bookedEnquiry(desk, '10.89.0.1', departure);
  });
  test.afterAll(async () => {
    await desk?.stop();
  });

  test('staff add three travellers without JavaScript; a passport expiring too soon is shown as blocked', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, desk.origin, desk.agent.email, desk.agent.password);
    await page.goto(`${desk.origin}/admin/leads/${leadId}`);
    await expect(card(page)).toContainText(
      `Departs ${formatDay(departure)}, arrives in Saudi Arabia ${formatDay(arrival)}, returns ${formatDay(addDays(departure, 14))}.`,
    );
    await expect(card(page)).toContainText('The quote is for 2 adults, 1 child: 2 adults, 1 child still to add.');

    // A name left empty: refused, said at once and beside the field, nothing added.
    await addTraveller(page, { name: '', passport: addDays(departure, 2000) });
    await expect(page.getByRole('alert')).toContainText('Please enter the name as in the passport.');
    const name = form(page).getByLabel('Name as in the passport');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Please enter the name as in the passport.');
    await expect(form(page).getByLabel('Passport expiry date')).toHaveValue(addDays(departure, 2000));
    await expect(card(page)).toContainText('No travellers yet.');

    await addTraveller(page, { name: 'Layla Haddad', passport: addDays(departure, 2000) });
    await expect(page.getByRole('status')).toHaveText('Traveller saved.');
    await expect(page).toHaveURL(/done=traveller/);
    // The page opens at the Travellers card: the address's fragment names an element of the page.
    const fragment = new URL(page.url()).hash;
    expect(fragment).not.toBe('');
    await expect(page.locator(fragment)).toHaveCount(1);
    // Five months after arrival: within the six months Saudi Arabia asks for.
    const tooSoon = addMonths(arrival, 5);
    await addTraveller(page, { name: 'Omar Haddad', passport: tooSoon });
    await expect(page.getByRole('status')).toHaveText('Traveller saved.');

    // A third adult is more than the quote: shown and refused, then saved as the child.
    await addTraveller(page, { name: 'Sara Haddad', passport: addDays(departure, 2000) });
    await expect(page.getByRole('alert')).toContainText(
      'The accepted quote is for 2 adults, 1 child: this would make 3 adults.',
    );
    await form(page).getByLabel('Category').selectOption({ label: 'Child' });
    await form(page).getByRole('button', { name: 'Add traveller' }).click();
    await expect(page.getByRole('status')).toHaveText('Traveller saved.');

    const omar = card(page).getByRole('listitem').filter({ hasText: 'Omar Haddad' });
    await expect(omar).toContainText('Standing: Blocked');
    const blocked = omar.getByText(`Blocked: expires ${formatDay(tooSoon)}, it must be valid until`);
    await expect(blocked).toContainText(`${formatDay(addMonths(arrival, 6))}. A new passport is needed.`);
    const layla = card(page).getByRole('listitem').filter({ hasText: 'Layla Haddad' });
    // Red as well as the words ("Blocked"), never colour alone: the same item is not red when done.
    const colour = (text: string) =>
      card(page)
        .getByText(text)
        .first()
        .evaluate((element) => getComputedStyle(element).color);
    expect(await colour('Blocked: expires')).not.toBe(await colour('Done: valid until at least'));
    expect(await blocked.evaluate((element) => element.className)).toContain('text-red-800');
    await expect(layla).toContainText('Done: valid until at least');
    await expect(layla).toContainText('Due: apply between');
    await expect(layla).not.toContainText('Blocked');
    await expect(card(page)).not.toContainText('still to add');
    // Everyone the quote is for is in: the form is offered again only to edit someone.
    await expect(form(page)).toHaveCount(0);

    await card(page).getByRole('link', { name: 'Edit Omar Haddad' }).click();
    await expect(form(page).getByRole('heading')).toHaveText('Edit traveller 2');
    await form(page).getByLabel('Passport expiry date').fill(addDays(departure, 3000));
    await form(page).getByRole('button', { name: 'Save traveller' }).click();
    await expect(page.getByRole('status')).toHaveText('Traveller saved.');
    await expect(card(page)).not.toContainText('Standing: Blocked');

    const history = page.locator('section[aria-labelledby="history-heading"] li');
    await expect(history.filter({ hasText: 'Travellers: Traveller 2 changed: passport expiry' })).toHaveCount(1);
    await expect(history.filter({ hasText: 'Travellers: Traveller 3 added (child)' })).toHaveCount(1);
    await context.close();
  });

  test('the lead page with the Travellers card passes axe and html-validate, wide and narrow', async ({ browser }) => {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await signIn(page, desk.origin, desk.owner.email, desk.owner.password);
      for (const [name, path] of Object.entries({
        'lead with travellers': `/admin/leads/${leadId}`,
        'a traveller to edit': `/admin/leads/${leadId}?traveller=1`,
      })) {
        const response = await page.goto(`${desk.origin}${path}`);
        expect(response?.status(), name).toBe(200);
        await expect(card(page)).toBeVisible();
        expect(await htmlProblems(await response!.text(), `${name}-${width}`), `${name} at ${width} px`).toEqual([]);
        expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
      }
      await context.close();
    }
  });
});
