import { expect, test, type Browser, type Page } from '@playwright/test';
import { addDays, agencyDay, agencyInstant } from '@/lib/agency-time';
import { facts } from '@/lib/facts';
import { LANGUAGES, LANGUAGE_INFO, type Language } from '@/lib/languages';
import { wordsFor } from '@/lib/i18n/dictionary';
import { site } from '@/lib/site';
import { FAMILY_ACTOR } from '@/lib/trips/family';
import { leadApiConfig } from '@/server/leads/config';
import { openLeadStore } from '@/server/leads/open-store';
import { QuoteStore } from '@/server/quotes/store';
import { chooseBookingLanguage } from '@/server/trips/language';
import { TripReminderScheduler } from '@/server/trips/reminder-schedule';
import { TravellerStore } from '@/server/trips/store';
import { parseMail, startSmtpServer } from '../unit/support/smtp.ts';
import { payDeposit, quoteDraft } from '../unit/support/quotes.ts';
import { signIn, startDesk, type Desk } from './support/desk.ts';
import { whatsappTextIn, whatsappTexts } from '../support/whatsapp.ts';
import { axeViolations, htmlProblems } from './support/gates.ts';
import { latinFigures, latinFiguresIn, ownFiguresIsolatedIn } from './support/digits.ts';

/**
 * The trip page in the booking's language, in Chromium against the built server on SQLite (the
 * stores' parity is the unit suites'): a family of four switches it to Arabic with a plain button and
 * no script, and reads it right to left with no interface word left in English, on screen and on
 * paper; each language passes axe at 390 and 1280 px; and a reminder of a booking in Bengali reaches
 * a local SMTP server in Bengali with the English below and its one-click unsubscribe.
 */

const STAFF = { id: 'e2e-owner', email: 'owner@agency.example' };
const today = agencyDay(new Date(), site.timeZone);
const departure = addDays(today, 100);
const SUBJECT = /Your booking /;

/** Latin words a page shows outside what may stay Latin: English marked lang=en, isolated numbers, names. */
async function englishLeft(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const left: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement!;
      if (element.closest('[lang="en"], bdi, script, style')) continue;
      const text = (node.textContent ?? '')
        .replace(/\u2066[^\u2069]*\u2069/g, '')
        .replace(/\b(Layla|Omar|Sara|Yusuf) H\.|ACWY|\.ics/g, '');
      left.push(...(text.match(/[A-Za-z]{2,}/g) ?? []));
    }
    for (const element of document.body.querySelectorAll('[aria-label]')) {
      if (!element.closest('[lang="en"]'))
        left.push(...(element.getAttribute('aria-label')!.match(/[A-Za-z]{2,}/g) ?? []));
    }
    return left;
  });
}

function pdfPages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length ?? 0;
}

/** A booked quote for 2 adults and 2 children with its four travellers recorded, by its link's token. */
async function bookedFamily(desk: Desk): Promise<{ leadId: string; quoteId: string; token: string }> {
  const response = await fetch(`${desk.origin}/api/forms/booking`, {
    method: 'POST',
    headers: { 'X-Forwarded-For': '10.89.0.7', Accept: 'application/json' },
    body: new URLSearchParams({ name: 'Layla Haddad', email: 'layla@example.com', phone: '(713) 555-0123' }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const { id: leadId } = (await response.json()) as { id: string };
  const store = await openLeadStore(leadApiConfig(desk.env));
  try {
    const quotes = new QuoteStore(store.database);
    const draft = quoteDraft({
      departureOn: departure,
      returnOn: addDays(departure, 14),
      validUntil: addDays(today, 7),
      lines: [
        { kind: 'double', label: '', unitCents: 189_900, count: 2 },
        { kind: 'child-with-bed', label: '', unitCents: 149_950, count: 2 },
      ],
      schedule: [
        { dueOn: addDays(today, 7), amountCents: 150_000 },
        { dueOn: addDays(departure, -45), amountCents: 519_700 },
      ],
    });
    const saved = await quotes.saveDraft({ leadId }, draft, STAFF, today);
    if (!saved?.ok) throw new Error(`draft refused: ${JSON.stringify(saved)}`);
    const target = { leadId, quoteId: saved.quoteId };
    const sent = await quotes.send(target, STAFF, today);
    if (!sent?.ok) throw new Error('not sent');
    await quotes.accept(sent.token, 1, 'Layla Haddad', today);
    await payDeposit(quotes, target, STAFF, today);
    const travellers = new TravellerStore(store.database);
    const family = [
      ['Layla Haddad', 'adult', addDays(departure, 2000)],
      ['Omar Haddad', 'adult', addDays(departure, 90)],
      ['Sara Haddad', 'child', addDays(departure, 2000)],
      ['Yusuf Haddad', 'child', addDays(departure, 2000)],
    ] as const;
    for (const [name, category, passportExpiresOn] of family) {
      const fields = {
        quoteId: saved.quoteId,
        position: '',
        name,
        category,
        passportExpiresOn,
        vaccine: '',
        vaccinatedOn: '',
        visaKind: 'umrah',
        visa: 'not-applied',
        visaOn: '',
        visaValidUntil: '',
        nusukPermitOn: '',
      };
      expect(await travellers.save(leadId, fields, FAMILY_ACTOR, today)).toMatchObject({ ok: true });
    }
    return { ...target, token: sent.token };
  } finally {
    await store.close();
  }
}

/** Chooses the page's language with its button, as a family does (the post needs no script). */
async function choose(page: Page, lang: Language) {
  await page.getByRole('button', { name: LANGUAGE_INFO[lang].name, exact: true }).click();
  await expect(page).toHaveURL(/done=language/);
  await expect(page.getByRole('status')).toHaveText(wordsFor(lang).trip.languageSaved);
}

async function newPage(browser: Browser, width: number, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 } });
  return { context, page: await context.newPage() };
}

test.describe("the trip page in the family's language", () => {
  test.describe.configure({ mode: 'serial' });
  let desk: Desk;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let booking: { leadId: string; quoteId: string; token: string };

  test.beforeAll(async () => {
    smtp = await startSmtpServer();
    desk = await startDesk('sqlite', { SMTP_URL: smtp.url, LEADS_WORKER_INTERVAL_MS: '250' });
    booking = await bookedFamily(desk);
  });
  test.afterAll(async () => {
    await desk?.stop();
    await smtp?.close();
  });

  test('switched to Arabic without JavaScript, it reads right to left with no English left, on screen and printed', async ({
    browser,
  }) => {
    const link = `${desk.origin}/quote/${booking.token}`;
    const { context, page } = await newPage(browser, 1280, false);
    await page.goto(link);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // The four languages, each in its own script and marked with its lang.
    for (const lang of LANGUAGES) {
      await expect(page.getByRole('button', { name: LANGUAGE_INFO[lang].name, exact: true })).toHaveAttribute(
        'lang',
        LANGUAGE_INFO[lang].tag,
      );
    }
    await choose(page, 'ar');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('رحلتك');
    await context.close();

    // Read again with scripts on, only to walk the page's text: the booking keeps its language.
    const reader = await newPage(browser, 1280, true);
    await reader.page.goto(link);
    await expect(reader.page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(await englishLeft(reader.page)).toEqual([]);
    // The Umm al-Qura day beside the departure, and amounts kept left to right.
    await expect(reader.page.locator('main')).toContainText('هـ)');
    await expect(reader.page.locator('section[aria-labelledby="payments-heading"] bdi[dir="ltr"]').first()).toHaveText(
      /^\$[\d,]+/,
    );

    await reader.page.emulateMedia({ media: 'print' });
    expect(await reader.page.evaluate(() => getComputedStyle(document.querySelector('main')!).direction)).toBe('rtl');
    expect(await englishLeft(reader.page)).toEqual([]);
    for (const format of ['Letter', 'A4'] as const) {
      const pages = pdfPages(await reader.page.pdf({ format }));
      console.log(`Arabic trip page printed on ${format}: ${pages} page(s)`);
      expect(pages, format).toBeGreaterThanOrEqual(1);
      expect(pages, format).toBeLessThanOrEqual(2);
    }
    await reader.context.close();

    // The desk stays English and has the change as the family's.
    const store = await openLeadStore(leadApiConfig(desk.env));
    try {
      const [line] = await store.database.all<{ actor: string; detail: string }>(
        "SELECT actor, detail FROM lead_history WHERE lead_id = ? AND action = 'booking-language'",
        [booking.leadId],
      );
      expect(line).toEqual({ actor: FAMILY_ACTOR, detail: 'English (en) → Arabic (ar)' });
    } finally {
      await store.close();
    }
  });

  test('passes axe at 390 and 1280 px in each language, and html-validate', async ({ browser }) => {
    // Four languages, each judged at both widths in one visit (as the gates judge a page's shape).
    test.setTimeout(240_000);
    for (const lang of LANGUAGES) {
      const { context, page } = await newPage(browser, 1280, true);
      await page.goto(`${desk.origin}/quote/${booking.token}`);
      if ((await page.locator('html').getAttribute('lang')) !== LANGUAGE_INFO[lang].tag) await choose(page, lang);
      await expect(page.locator('html')).toHaveAttribute('dir', LANGUAGE_INFO[lang].dir);
      const html = await (await page.request.get(`${desk.origin}/quote/${booking.token}`)).text();
      expect(await htmlProblems(html, `trip-page-${lang}`), lang).toEqual([]);
      // Whom to call: WhatsApp sends the greeting in the booking's language first, English alone in English.
      expect(whatsappTexts(html), lang).toEqual([whatsappTextIn(lang)]);
      // Bengali counts, days and limits in Bengali digits, as its dates; the amounts and reference as they are.
      expect(await latinFiguresIn(page, lang), `${lang}: numbers in 0-9`).toEqual([]);
      expect(await ownFiguresIsolatedIn(page, lang), `${lang}: own digits isolated`).toEqual([]);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        expect(await axeViolations(page), `${lang} at ${width} px`).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${lang} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
      }
      await context.close();
    }
  });

  test('a reminder of a booking in Bengali arrives in Bengali with the English below and the one-click unsubscribe', async () => {
    const store = await openLeadStore(leadApiConfig(desk.env));
    try {
      expect(await chooseBookingLanguage(store.database, booking.quoteId, 'bn', STAFF.email, new Date())).toMatchObject(
        {
          ok: true,
        },
      );
      const settings = { facts: () => facts, balanceDaysBefore: 7, timeZone: site.timeZone };
      const yesterday = new Date(agencyInstant(addDays(today, -1), '12:00', site.timeZone));
      await new TripReminderScheduler(store.database, settings).queueDue(yesterday);
    } finally {
      await store.close();
    }
    const reminders = () =>
      smtp.state.received
        .map((mail) => parseMail(mail.raw))
        .filter((mail) => SUBJECT.test(mail.headers['subject'] ?? ''));
    await expect.poll(() => reminders().length, { timeout: 15_000 }).toBe(1);
    const [mail] = reminders();
    const { headers, text } = mail!;
    expect(headers['content-type']).toMatch(/charset=utf-8/i);
    expect(headers['subject']).toMatch(/^আপনার বুকিং MQ-[A-Z0-9]+: আপনার কাছ থেকে আমাদের যা দরকার \| Your booking MQ-/);
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = /^<([^>]+)>$/.exec(headers['list-unsubscribe']!)![1]!;
    const [bengali, english = ''] = text.split(/\n—+\n.*\n—+\n/).map((half) => half.trim());
    expect(bengali).toMatch(/^আসসালামু আলাইকুম,/);
    expect(bengali).toContain(`বোতামটি চাপুন: ${unsubscribe}`);
    expect(bengali!.replace(/https?:\/\/\S+/g, '')).not.toMatch(/\b(the|your|trip|passport)\b/i);
    // Its counts and days in Bengali digits; the reference, amounts and phone numbers as they are dialled.
    expect(latinFigures(bengali!, 'bn')).toEqual([]);
    expect(text).toContain(`${wordsFor('bn').mail.englishBelow} / ${wordsFor('en').mail.englishBelow}`);
    expect(english).toMatch(/^Assalamu alaikum,/);
    expect(english).toContain(`press the button: ${unsubscribe}`);
    // The WhatsApp link the Bengali points to, in the contacts below, greets in Bengali first.
    expect(whatsappTexts(text)).toEqual([whatsappTextIn('bn')]);
    // The one-click link works the same from either half.
    const link = new URL(unsubscribe);
    const stopPage = new URL(link.pathname + link.search, desk.origin);
    // Its page speaks the booking's language too.
    const shown = await (await fetch(stopPage)).text();
    expect(shown).toContain('<html lang="bn" dir="ltr">');
    expect(shown).toContain(wordsFor('bn').trip.stop.intro);
    const clicked = await fetch(stopPage, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.status).toBe(200);
    expect(await clicked.text()).toContain(wordsFor('bn').trip.stop.justNow.trim());
  });

  test("staff set the booking's language on the lead page, scripts off; the desk stays English", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, desk.origin, desk.agent.email, desk.agent.password);
    await page.goto(`${desk.origin}/admin/leads/${booking.leadId}`);
    await expect(page.getByLabel('Trip page and reminders in')).toHaveValue('bn');
    await page.getByLabel('Trip page and reminders in').selectOption({ label: 'Urdu (اردو)' });
    await page.getByRole('button', { name: "Set the booking's language" }).click();
    await expect(page.getByRole('status')).toHaveText(
      "The booking's language is saved: its trip page and reminders now use it.",
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(
      page.locator('section[aria-labelledby="history-heading"] li').filter({ hasText: 'Bengali (bn) → Urdu (ur)' }),
    ).toContainText(`${desk.agent.email}: Booking language: Bengali (bn) → Urdu (ur)`);
    const trip = await context.newPage();
    await trip.goto(`${desk.origin}/quote/${booking.token}`);
    await expect(trip.locator('html')).toHaveAttribute('lang', 'ur');
    await expect(trip.locator('html')).toHaveAttribute('dir', 'rtl');
    await context.close();
  });
});
