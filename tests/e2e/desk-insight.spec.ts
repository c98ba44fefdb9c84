import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { addDays, agencyDay, agencyDayStart } from '@/lib/agency-time';
import { FORMS } from '@/lib/forms/definitions';
import type { FormDef } from '@/lib/forms/types';
import { site } from '@/lib/site';
import { DeskListStore } from '@/server/desk/list-store';
import { PipelineStore } from '@/server/desk/pipeline-store';
import { QuoteStore } from '@/server/quotes/store';
import { leadApiConfig } from '@/server/leads/config';
import { openLeadStore } from '@/server/leads/open-store';
import type { SqlDatabase } from '@/server/db/database';
import { STORE_KINDS, type StoreKind } from '../support/store-kinds.ts';
import { fullRunOnly, startDesk, signIn, type Desk } from './support/desk.ts';
import { axeViolations, axeViolationsWithWideTables, htmlProblems } from './support/gates.ts';
import { WebhookReceiver, challenge, post, waitFor } from './support/lead-load.ts';
import { quoteDraft } from '../unit/support/quotes.ts';

/**
 * The dashboard and the privacy requests on a real server over each store: leads sent through the
 * public API, worked through the pipeline, then counted, found, exported and erased in the desk.
 */

const HOUR_MS = 60 * 60 * 1000;
const WIDTHS = [1280, 390];
let clients = 0;

/** Sends one enquiry through the public API as a browser without scripts would; answers its id and reference. */
async function send(desk: Desk, formId: keyof typeof FORMS, fields: Record<string, string>) {
  clients += 1;
  const client = `10.77.${clients >> 8}.${clients & 255}`;
  const form: FormDef = FORMS[formId];
  const captcha = form.captcha ? await challenge(desk.origin, client) : undefined;
  // What the page itself adds: the form's fixed fields and, with a traveller picker, one adult.
  const travellers = form.travellers ? { [form.travellers.adults]: '1', [form.travellers.children]: '0' } : {};
  const sent = { ...form.constants, ...travellers, ...fields };
  const response = await post(desk.origin, { formId: formId as 'contact', fields: sent }, client, captcha);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: string; reference: string };
}

/** Runs `work` on the desk's store, as a second instance of the server would. */
async function withStore<T>(desk: Desk, work: (pipeline: PipelineStore, db: SqlDatabase) => Promise<T>): Promise<T> {
  const store = await openLeadStore(leadApiConfig(desk.env));
  try {
    return await work(new PipelineStore(store.database), store.database);
  } finally {
    await store.close();
  }
}

async function ownerPage(browser: Browser, desk: Desk, options: { javaScriptEnabled?: boolean; width?: number } = {}) {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: { width: options.width ?? 1280, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await signIn(page, desk.origin, desk.owner.email, desk.owner.password);
  return page;
}

/** The axe and html-validate gates on the page at `path`, at both widths, each width a fresh visit in one session. */
async function gates(browser: Browser, desk: Desk, path: string, name: string): Promise<void> {
  const page = await ownerPage(browser, desk);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const response = await page.goto(`${desk.origin}${path}`);
    expect(response?.status()).toBe(200);
    expect(await htmlProblems(await response!.text(), `${name}-${width}`), `${name} at ${width} px`).toEqual([]);
    expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
    // The charts and tables fit the screen: nothing makes the page scroll sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    if (width === 390) expect(await axeViolationsWithWideTables(page), `${name}, wide tables`).toEqual([]);
  }
  await page.context().close();
}

/** For the describe it is called in: a desk of its own, started before its tests and stopped after them. */
function ownDesk(kind: StoreKind) {
  const setup = { desk: undefined as unknown as Desk };
  test.beforeAll(async () => {
    setup.desk = await startDesk(kind);
  });
  test.afterAll(async () => {
    await setup.desk.stop();
  });
  return setup;
}

/** For the describe it is called in: a desk whose every lead goes to a webhook receiver of its own. */
function deskWithWebhook(kind: StoreKind, env: Record<string, string> = {}) {
  const setup = { receiver: new WebhookReceiver(), desk: undefined as unknown as Desk };
  test.beforeAll(async () => {
    await setup.receiver.start();
    setup.desk = await startDesk(kind, { ...setup.receiver.serverEnv(), ...env });
  });
  test.afterAll(async () => {
    await setup.desk.stop();
    await setup.receiver.close();
  });
  return setup;
}

/** The figure under a label at the top of the dashboard. */
function figure(page: Page, label: string) {
  return page
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd')
    .first();
}

/** A chart's data table, opened ("Show the numbers") and read as rows of cell texts. */
async function chartTable(page: Page, heading: string): Promise<string[][]> {
  const section = page.locator('section').filter({ has: page.getByRole('heading', { name: heading, level: 2 }) });
  await section.getByText('Show the numbers').click();
  const rows = section.locator('table tbody tr');
  return rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '')),
  );
}

for (const kind of STORE_KINDS) {
  // On PostgreSQL the smoke tests only: see FULL_BROWSER_STORE.
  const full = fullRunOnly(kind);
  test.describe(`dashboard on ${kind}`, () => {
    const own = ownDesk(kind);

    full(
      'counts the leads of this week by group, page and status, and the time to first contact',
      async ({ browser }) => {
        test.setTimeout(120_000);
        const { desk } = own;
        await gates(browser, desk, '/admin/dashboard', `dashboard-empty-${kind}`);

        const chicago = await send(desk, 'chicago', {
          name: 'Amina Rahman',
          email: 'amina@example.com',
          phone: '3125550101',
        });
        const chicago2 = await send(desk, 'chicago', {
          name: 'Omar Rahman',
          email: 'omar@example.com',
          phone: '3125550102',
        });
        const hajj = await send(desk, 'hajj', {
          name: 'Bilal Khan',
          email: 'bilal@example.com',
          phone: '7135550103',
          message: 'Hajj for two',
        });
        const contact = await send(desk, 'contact', {
          firstName: 'Maryam',
          lastName: 'Siddiqui',
          email: 'maryam@example.com',
          subject: 'umrah-packages',
          message: 'Family of five in spring',
        });
        const booking = await send(desk, 'booking', { name: 'Yusuf Ali', email: 'yusuf@example.com' });
        const yesterday = agencyDay(new Date(Date.now() - 24 * HOUR_MS), site.timeZone);
        await withStore(desk, async (pipeline, db) => {
          const at = async (id: string, hours: number) =>
            new Date(Date.parse((await new DeskListStore(db).deskLead(id))!.receivedAt) + hours * HOUR_MS);
          const actor = desk.owner.email;
          await pipeline.updatePipeline(chicago.id, { status: 'contacted' }, actor, await at(chicago.id, 1));
          await pipeline.updatePipeline(hajj.id, { status: 'quoted' }, actor, await at(hajj.id, 3));
          await pipeline.updatePipeline(contact.id, { status: 'contacted' }, actor, await at(contact.id, 5));
          await pipeline.updatePipeline(contact.id, { status: 'booked' }, actor, await at(contact.id, 30));
          await pipeline.updatePipeline(chicago2.id, { followUp: yesterday }, actor);
        });

        // Without scripts, as the desk must work.
        const page = await ownerPage(browser, desk, { javaScriptEnabled: false });
        // One change through the lead page, as the staff make them.
        await page.goto(`${desk.origin}/admin/leads/${booking.id}`);
        await page.getByLabel('Status').selectOption('lost');
        await page.getByLabel('Lost reason').fill('Booked elsewhere');
        await page.getByRole('button', { name: 'Save status' }).click();
        await expect(page.getByLabel('Status')).toHaveValue('lost');
        await page.goto(`${desk.origin}/admin/dashboard`);
        await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
        await expect(figure(page, 'Leads this week')).toHaveText('5');
        await expect(figure(page, 'Leads last week')).toHaveText('0');
        await expect(figure(page, 'Time to first contact')).toHaveText('3 hours');
        await expect(page.getByText('median over 3 contacted leads of the last 12 weeks')).toBeVisible();
        await expect(figure(page, 'Overdue')).toHaveText('1');

        const weekly = page.getByRole('img', { name: 'Leads per week by kind of page' });
        await expect(weekly).toHaveAccessibleDescription(
          /^5 leads in the last 12 weeks \(City pages 2, Umrah and Hajj pages 1, Packages and booking 1, Contact and visa 1\); 5 so far this week\./,
        );
        const weeks = await chartTable(page, 'Leads per week by kind of page');
        expect(weeks).toHaveLength(12);
        expect(weeks.at(-1)).toEqual([expect.stringMatching(/\(so far\)$/), '2', '1', '1', '1', '5']);
        expect(weeks.slice(0, -1).every((row) => row.at(-1) === '0')).toBe(true);

        expect(await chartTable(page, 'Leads by source page')).toEqual([
          ['Chicago Umrah page', '2', '40%'],
          ['Contact page', '1', '20%'],
          ['Hajj packages page', '1', '20%'],
          ['Package page', '1', '20%'],
        ]);
        expect(await chartTable(page, 'Where the leads stand')).toEqual([
          ['New', '1', '20%'],
          ['Contacted', '1', '20%'],
          ['Quoted', '1', '20%'],
          ['Booked', '1', '20%'],
          ['Lost', '1', '20%'],
        ]);
        await expect(page.getByRole('img', { name: 'Where the leads stand' })).toHaveAccessibleDescription(
          'Where the 5 leads of the last 12 weeks stand now: New 20% (1), Contacted 20% (1), Quoted 20% (1), Booked 20% (1), Lost 20% (1).',
        );
        await page.context().close();

        await gates(browser, desk, '/admin/dashboard', `dashboard-${kind}`);
      },
    );
  });

  test.describe(`quotes and payments on ${kind}`, () => {
    const own = ownDesk(kind);

    full(
      'a booking shows paid and balance in the list, a late payment puts it under Overdue, and the dashboard and CSV count it',
      async ({ browser }) => {
        test.setTimeout(120_000);
        const { desk } = own;
        const today = agencyDay(new Date(), site.timeZone);
        /** An instant on the office's day `days` from today, at `hour` o'clock there. */
        const at = (days: number, hour = 10) =>
          new Date(Date.parse(agencyDayStart(addDays(today, days), site.timeZone)) + hour * HOUR_MS);
        const staff = { id: 'staff-owner', email: desk.owner.email };
        // A family quoted a month ago, three hours after they asked, who accepted and paid the deposit;
        // the second payment fell due three days ago. And another family quoted two days ago.
        const store = await openLeadStore(leadApiConfig(desk.env));
        const quotes = new QuoteStore(store.database);
        const lead = async (name: string, email: string, received: Date) =>
          (await store.insertLead(
            { formId: 'umrah', fields: { name, email, adults: '2' }, pageUrl: null, userAgent: null },
            { now: received },
          ))!;
        /** Saves and sends a quote as staff did `days` from today, at 1 pm. */
        const quote = async (leadId: string, days: number, draft: ReturnType<typeof quoteDraft>) => {
          const sentOn = addDays(today, days);
          const saved = await quotes.saveDraft({ leadId }, draft, staff, sentOn, at(days, 13));
          if (!saved?.ok) throw new Error(`draft refused: ${JSON.stringify(saved)}`);
          const sent = await quotes.send({ leadId, quoteId: saved.quoteId }, staff, sentOn, at(days, 13));
          if (!sent?.ok) throw new Error('not sent');
          return { leadId, quoteId: saved.quoteId, token: sent.token };
        };
        const trip = { departureOn: addDays(today, 60), returnOn: addDays(today, 74) };
        const booked = await lead('Layla Haddad', 'layla@example.com', at(-30));
        const quoted = await lead('Omar Farouk', 'omar@example.com', at(-3));
        try {
          const first = await quote(
            booked.id,
            -30,
            quoteDraft({
              ...trip,
              validUntil: addDays(today, -25),
              schedule: [
                { dueOn: addDays(today, -25), amountCents: 150_000 },
                { dueOn: addDays(today, -3), amountCents: 200_000 },
                { dueOn: addDays(today, 15), amountCents: 195_250 },
              ],
            }),
          );
          await quotes.accept(first.token, 1, 'Layla Haddad', addDays(today, -29), at(-29, 16));
          const deposit = { paidOn: addDays(today, -28), amountCents: 150_000, method: 'bank-transfer' };
          expect((await quotes.recordPayment(first, deposit, staff, addDays(today, -28), at(-28)))?.ok).toBe(true);
          const schedule = [
            { dueOn: addDays(today, 5), amountCents: 150_000 },
            { dueOn: addDays(today, 15), amountCents: 395_250 },
          ];
          await quote(quoted.id, -2, quoteDraft({ ...trip, validUntil: addDays(today, 5), schedule }));
        } finally {
          await store.close();
        }

        // Without scripts, as the desk must work.
        const page = await ownerPage(browser, desk, { javaScriptEnabled: false });
        await page.goto(`${desk.origin}/admin/leads`);
        const row = (reference: string) => page.locator('tbody tr').filter({ hasText: reference });
        /** The lines of a lead's Payments cell. */
        const payments = (reference: string) => row(reference).locator('td').last().locator('span, strong');
        await expect(payments(booked.reference)).toHaveText([
          'Accepted $5,452.50',
          'Paid $1,500',
          'Balance $3,952.50',
          `Payment 2 due ${addDays(today, -3)}`,
          'Payment 2 overdue',
        ]);
        await expect(payments(quoted.reference)).toHaveText([
          'Quoted $5,452.50',
          'Paid $0',
          'Balance $5,452.50',
          `Deposit due ${addDays(today, 5)}`,
        ]);
        await page.getByRole('link', { name: 'Overdue (1)' }).click();
        await expect(page.getByRole('heading', { name: 'Overdue', level: 1 })).toBeVisible();
        await expect(page.locator('tbody tr')).toHaveCount(1);
        await expect(row(booked.reference).getByText('Payment 2 overdue')).toBeVisible();

        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('link', { name: 'Download CSV' }).click(),
        ]);
        const csv = parse(readFileSync((await download.path())!, 'utf8'), { columns: true }) as Record<
          string,
          string
        >[];
        expect(csv).toHaveLength(1);
        expect(csv[0]).toMatchObject({
          reference: booked.reference,
          status: 'Booked',
          quote_total: '5452.50',
          accepted_on: addDays(today, -29),
          paid: '1500.00',
          balance: '3952.50',
        });

        await page.goto(`${desk.origin}/admin/dashboard`);
        await expect(figure(page, 'Overdue')).toHaveText('1');
        await expect(figure(page, 'Quotes sent')).toHaveText('2');
        await expect(figure(page, 'Acceptance rate')).toHaveText('50%');
        await expect(page.getByText('1 of the 2 quotes sent in the last 12 weeks accepted so far')).toBeVisible();
        // The first family waited 3 hours for their quote, the second 27: the median is between.
        await expect(figure(page, 'Time to first quote')).toHaveText('15 hours');
        await expect(figure(page, 'Value quoted')).toHaveText('$10,905');
        await expect(figure(page, 'Value accepted')).toHaveText('$5,452.50');
        await expect(figure(page, 'Value received')).toHaveText('$1,500');
        await expect(page.getByRole('img', { name: 'Quotes sent and accepted per week' })).toHaveAccessibleDescription(
          /^2 quotes sent and 1 accepted in the last 12 weeks; .* Value quoted \$10,905, accepted \$5,452\.50, received \$1,500\.$/,
        );
        const weeks = await chartTable(page, 'Quotes sent and accepted per week');
        expect(weeks).toHaveLength(12);
        expect(weeks.map((week) => Number(week[1])).reduce((sum, sent) => sum + sent)).toBe(2);
        expect(weeks.find((week) => week[5] === '$1,500')).toBeDefined();
        await page.context().close();

        await gates(browser, desk, '/admin/leads?due=overdue', `overdue-payments-${kind}`);
        await gates(browser, desk, '/admin/dashboard', `dashboard-quotes-${kind}`);
      },
    );
  });

  test.describe(`privacy requests on ${kind}`, () => {
    const webhook = deskWithWebhook(kind);

    full(
      'finds a person by email or phone, exports everything held, and erases it only when confirmed',
      async ({ browser }) => {
        // Four pages through the gates at two widths, and each table made wide at 390 px.
        test.setTimeout(150_000);
        const { desk, receiver } = webhook;
        await gates(browser, desk, '/admin/privacy', `privacy-empty-${kind}`);
        // Agents work leads and see the dashboard; privacy requests are the owners'.
        const agentContext = await browser.newContext();
        const agent = await agentContext.newPage();
        await signIn(agent, desk.origin, desk.agent.email, desk.agent.password);
        expect((await agent.goto(`${desk.origin}/admin/dashboard`))?.status()).toBe(200);
        expect((await agent.goto(`${desk.origin}/admin/privacy?email=a%40example.com`))?.status()).toBe(403);
        expect((await agent.request.get(`${desk.origin}/admin/privacy.json?email=a%40example.com`)).status()).toBe(403);
        await agentContext.close();
        await gates(browser, desk, '/admin/privacy?email=nobody%40example.com', `privacy-nothing-${kind}`);

        const first = await send(desk, 'contact', {
          firstName: 'Layla',
          lastName: 'Hassan',
          email: 'Layla.Hassan@Example.com',
          phone: '+1 (713) 555-0123',
          subject: 'hajj-packages',
          message: 'Hajj 2027 for my parents',
        });
        const second = await send(desk, 'hajj', {
          name: 'Layla Hassan',
          email: 'layla.hassan@example.com',
          phone: '713.555.0123',
          message: 'Second question <script>alert(1)</script>',
        });
        const other = await send(desk, 'hajj', {
          name: 'Someone Else',
          email: 'else@example.com',
          phone: '2145550199',
          message: 'Hi',
        });
        const ours = [first.id, second.id];
        await withStore(desk, async (pipeline) => {
          await pipeline.addNote(first.id, 'Quoted $4,200 for two', desk.owner.email);
          await pipeline.updatePipeline(first.id, { status: 'quoted' }, desk.owner.email);
        });
        // Each lead's webhook delivery is done, so the erasure meets its outbox entry.
        expect(await waitFor(() => receiver.receipts.size === 3, 20_000)).toBe(true);

        const page = await ownerPage(browser, desk);
        await page.goto(`${desk.origin}/admin/privacy`);
        await page.getByLabel('Email address').fill('LAYLA.hassan@example.COM');
        await page.getByRole('button', { name: 'Find' }).click();
        await expect(
          page.getByRole('heading', { name: /^2 enquiries from LAYLA\.hassan@example\.COM$/ }),
        ).toBeVisible();
        const results = page.locator('table').first();
        await expect(results.getByRole('link', { name: first.reference })).toHaveAttribute(
          'href',
          `/admin/leads/${first.id}`,
        );
        await expect(results.getByRole('link', { name: second.reference })).toBeVisible();
        await expect(results).not.toContainText(other.reference);
        const firstRow = results.locator('tr').filter({ hasText: first.reference });
        await expect(firstRow.locator('td')).toHaveText([
          first.reference,
          /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T$/,
          'Contact page',
          'Layla Hassan',
          'Quoted',
          '1',
          '1',
        ]);
        await expect(page.locator('script', { hasText: 'alert(1)' })).toHaveCount(0);
        for (const id of ours) expect((await page.request.get(`${desk.origin}/admin/leads/${id}`)).status()).toBe(200);

        // The same person, found by the phone number typed another way.
        await page.getByLabel('Email address').fill('');
        await page.getByLabel('Phone number').fill('713-555-0123');
        await page.getByRole('button', { name: 'Find' }).click();
        await expect(page.getByRole('heading', { name: '2 enquiries from 713-555-0123' })).toBeVisible();
        await expect(page.locator('table').first().locator('tbody tr')).toHaveCount(2);
        await gates(browser, desk, '/admin/privacy?phone=713-555-0123', `privacy-results-${kind}`);

        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('link', { name: 'Download everything (JSON)' }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/^privacy-request-\d{4}-\d{2}-\d{2}\.json$/);
        const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
          request: { email: string | null; phone: string | null };
          exportedAt: string;
          leads: {
            reference: string;
            page: string;
            fields: Record<string, string>;
            pipeline: { status: string };
            notes: { author: string; body: string }[];
            history: { action: string; detail: string }[];
            deliveries: { channel: string; status: string; tries: { ok: boolean; detail: string }[] }[];
          }[];
        };
        expect(exported.request).toEqual({ email: null, phone: '713-555-0123' });
        expect(Date.parse(exported.exportedAt)).toBeGreaterThan(Date.now() - 60_000);
        expect(exported.leads.map((lead) => lead.reference).sort()).toEqual([first.reference, second.reference].sort());
        const exportedFirst = exported.leads.find((lead) => lead.reference === first.reference)!;
        expect(exportedFirst).toMatchObject({
          page: 'Contact page',
          fields: {
            firstName: 'Layla',
            lastName: 'Hassan',
            email: 'Layla.Hassan@Example.com',
            subject: 'hajj-packages',
          },
          pipeline: { status: 'Quoted' },
          notes: [{ author: desk.owner.email, body: 'Quoted $4,200 for two' }],
          deliveries: [{ channel: 'webhook', status: 'delivered', tries: [{ ok: true, detail: 'HTTP 200' }] }],
        });
        expect(exportedFirst.history.map((entry) => entry.action)).toEqual(expect.arrayContaining(['note', 'status']));
        const headers = await page.request.get(`${desk.origin}/admin/privacy.json?phone=713-555-0123`);
        expect(headers.headers()['cache-control']).toBe('no-store');
        expect(headers.headers()['content-disposition']).toMatch(/^attachment; filename="privacy-request-/);

        // Without the confirmation (the browser would stop the form, so the check is taken off): nothing is erased.
        await page
          .getByRole('checkbox', { name: /I have confirmed this request comes from the person/ })
          .evaluate((box) => {
            box.removeAttribute('required');
          });
        await page.getByRole('button', { name: 'Erase these 2 enquiries' }).click();
        await expect(page.getByRole('alert')).toContainText('Tick the box to confirm');
        await expect(page.getByRole('alert')).toContainText('Nothing was erased.');
        expect((await desk.db.leads()).map((lead) => lead.id)).toEqual(expect.arrayContaining(ours));

        await page.getByRole('checkbox', { name: /I have confirmed this request comes from the person/ }).check();
        await page.getByRole('button', { name: 'Erase these 2 enquiries' }).click();
        await expect(page.getByRole('status').filter({ hasText: 'Erased' })).toHaveText(
          new RegExp(
            `^Erased 2 enquiries: (${first.reference}, ${second.reference}|${second.reference}, ${first.reference})$`,
          ),
        );
        await expect(page.getByRole('heading', { name: 'Nothing is held about 713-555-0123' })).toBeVisible();
        const erasures = page
          .locator('section')
          .filter({ has: page.getByRole('heading', { name: 'Recent erasures' }) });
        for (const reference of [first.reference, second.reference]) {
          await expect(erasures.locator('tr').filter({ hasText: reference }).locator('td')).toHaveText([
            reference,
            desk.owner.email,
            /\d{4}, \d{1,2}:\d{2} [AP]M C[SD]T$/,
          ]);
        }
        await gates(browser, desk, '/admin/privacy?phone=713-555-0123', `privacy-erased-${kind}`);

        await page.goto(`${desk.origin}/admin/privacy?email=layla.hassan%40example.com`);
        await expect(
          page.getByRole('heading', { name: 'Nothing is held about layla.hassan@example.com' }),
        ).toBeVisible();
        for (const id of ours) expect((await page.request.get(`${desk.origin}/admin/leads/${id}`)).status()).toBe(404);

        const leads = await desk.db.leads();
        expect(leads.map((lead) => lead.id)).toEqual([other.id]);
        expect((await desk.db.outbox()).map((entry) => entry.leadId)).toEqual([other.id]);
        await withStore(desk, async (_, db) => {
          const history = await db.all<{ lead_id: string | null; reference: string; actor: string; action: string }>(
            'SELECT lead_id, reference, actor, action FROM lead_history WHERE reference IN (?, ?)',
            [first.reference, second.reference],
          );
          expect(history).toHaveLength(2);
          expect(
            history.every((row) => row.lead_id === null && row.action === 'erased' && row.actor === desk.owner.email),
          ).toBe(true);
          const notes = await db.all<{ lead_id: string }>('SELECT lead_id FROM lead_notes');
          expect(notes).toEqual([]);
        });
        await page.context().close();
      },
    );
  });

  test.describe(`a lead's delivery tries on ${kind}`, () => {
    // Quick retries, so a webhook that is down is tried more often than the page lists.
    const webhook = deskWithWebhook(kind, { LEADS_RETRY_BASE_MS: '20', LEADS_RETRY_MAX_MS: '60' });

    test('the lead page lists the latest tries while the webhook is down, then the one that got through', async ({
      browser,
    }) => {
      const { desk, receiver } = webhook;
      receiver.up = false;
      const lead = await send(desk, 'hajj', {
        name: 'Yusuf Ali',
        email: 'yusuf.ali@example.com',
        phone: '3125550147',
        message: 'Hajj for my parents',
      });
      expect(await waitFor(async () => (await desk.db.attempts()).length >= 12, 20_000)).toBe(true);
      const page = await ownerPage(browser, desk);
      await page.goto(`${desk.origin}/admin/leads/${lead.id}`);
      const delivery = page.locator('section[aria-labelledby="delivery-heading"]');
      const tries = delivery.locator('ol > li');
      const summary = (await delivery.locator('ul > li').first().textContent()) ?? '';
      const [, count] = /, (\d+) attempts/.exec(summary) ?? [];
      expect(Number(count)).toBeGreaterThanOrEqual(12);
      expect(summary).toContain(`Webhook to ${receiver.url}: Pending, next try`);
      await expect(tries).toHaveCount(10);
      for (const text of await tries.allTextContents()) {
        expect(text).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T: Failed: HTTP 503 \(\d+ ms\)$/);
      }
      await expect(delivery).toContainText(`The latest 10 of ${count} tries.`);

      receiver.up = true;
      const delivered = async () => (await desk.db.outbox()).every((row) => row.status === 'delivered');
      expect(await waitFor(delivered, 20_000)).toBe(true);
      const attempts = await desk.db.attempts();
      expect(attempts.filter((attempt) => attempt.ok)).toHaveLength(1);
      await page.reload();
      await expect(delivery).toContainText(`Webhook to ${receiver.url}: Delivered`);
      await expect(delivery).toContainText(`, ${attempts.length} attempts`);
      await expect(tries).toHaveCount(10);
      await expect(tries.last()).toHaveText(/: Accepted: HTTP 200 \(\d+ ms\)$/);
      await expect(tries.nth(8)).toHaveText(/: Failed: HTTP 503 /);
      await page.context().close();
      await gates(browser, desk, `/admin/leads/${lead.id}`, `lead-tries-${kind}`);
    });
  });
}
