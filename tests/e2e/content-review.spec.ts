import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/shared-page';

/**
 * The fourth content review (28 November, `../shared/reviews/content-review.md`) read on the built
 * site: each High and Medium finding, as a pilgrim would see it, and the earlier findings still open.
 */

const HAJJ_PACKAGES = readdirSync('src/content/packages')
  .filter(
    (name) => name.endsWith('.yaml') && /^category: hajj-/m.test(readFileSync(`src/content/packages/${name}`, 'utf8')),
  )
  .map((name) => name.replace(/\.yaml$/, ''));
const HAJJ_PAGES = ['/hajj-packages', '/non-shifting-hajj', '/shifting-hajj'];
const INTEREST = 'Hajj 1448: tell me when each Nusuk Hajj step opens, and help me choose';
const HAJJ_PRICE =
  'per person, our former list price, not a Nusuk Hajj price; Nusuk Hajj packages for pilgrims from Western countries have often cost two or three times our former list prices, and the 1448 AH price is set and paid on Nusuk Hajj';
/** Words that offer to book, on a page about Hajj (P01). */
const BOOKING = /book this package|request booking|call to book|booking request/i;

/** The main text as written, FAQ answers in closed disclosures included, with typographic quotes made plain. */
const mainText = async (page: Page) =>
  ((await page.locator('main').textContent()) ?? '').replace(/\s+/g, ' ').replace(/[‘’]/g, "'").replace(/[“”]/g, '"');

test.describe('P01: nothing about Hajj offers to book it', () => {
  for (const path of [...HAJJ_PAGES, ...HAJJ_PACKAGES.map((id) => `/package/${id}`)]) {
    test(`${path} asks for interest in Hajj 1448 and offers no booking`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: INTEREST })).toBeVisible();
      expect(await page.locator('body').innerText()).not.toMatch(BOOKING);
      await expect(page.getByRole('link', { name: /^book\b/i })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /book/i })).toHaveCount(0);
    });
  }

  test('the home page is titled for Umrah packages and Hajj guidance', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Miqat Travel | Umrah Packages and Hajj Guidance from the USA');
  });

  test('/hajj-packages is headed as how to book on Nusuk Hajj, and says who keeps the account', async ({ page }) => {
    await page.goto('/hajj-packages');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Hajj 2027 (1448 AH) from the USA: how to book on Nusuk Hajj',
    );
    const main = await mainText(page);
    expect(main).toContain('we never log in for you, hold your password or take any payment for a Hajj package');
    expect(main).not.toMatch(/help you create your account|fill in every field correctly/);
  });

  test('compare asks about a Hajj package rather than booking it, and labels its price', async ({ page }) => {
    const [hajj] = HAJJ_PACKAGES;
    await page.goto(`/compare?ids=economy-5-nights-umrah,${hajj}`);
    const title = await page.locator('.compare-title').nth(1).innerText();
    await expect(page.getByRole('link', { name: `Ask about ${title}` })).toHaveAttribute(
      'href',
      `/package/${hajj}#enquiry`,
    );
    await expect(page.getByRole('link', { name: `Book ${title}` })).toHaveCount(0);
    await expect(page.locator('[data-row="price"]')).toContainText(HAJJ_PRICE);
  });

  test('the finder labels Hajj prices and never says "Any US city"', async ({ page }) => {
    await page.goto('/package-finder');
    const list = page.locator('.finder-list');
    expect(await list.innerText()).not.toContain('Any US city');
    const hajjRow = list
      .locator('[data-finder-item]')
      .filter({ hasText: 'Non-Shifting Hajj 21 Nights 4 Star Classic' });
    await expect(hajjRow).toContainText(HAJJ_PRICE);
    await expect(hajjRow).toContainText('Flights as the Nusuk package sets');
  });

  test('the about page offers Hajj guidance and payment security warns against paying anyone for Hajj', async ({
    page,
  }) => {
    await page.goto('/about-us');
    expect(await mainText(page)).toContain('read our Hajj guidance');
    await page.goto('/payment-security');
    expect(await mainText(page)).toContain('Paying anyone, including us, for a Hajj package outside Nusuk Hajj');
  });

  test('a Hajj interest sent without scripts confirms that booking and payment happen only on Nusuk Hajj', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/hajj-packages');
    const form = page.locator('#enquiry');
    await form.getByLabel('Full name').fill('Amina Yusuf');
    await form.getByLabel('Email address').fill(`hajj-interest-${Date.now()}@example.com`);
    await form.getByLabel('Phone number').fill('5125550100');
    await form.getByLabel('Your message').fill('My father and I hope to go.');
    await form.getByRole('button', { name: 'Send Inquiry' }).click();
    await expect(page).toHaveURL(/\/enquiry\/sent/);
    expect(await mainText(page)).toContain('Booking and payment happen only on Nusuk Hajj (hajj.nusuk.sa)');
    await context.close();
  });
});

test('P02: every Hajj price says it is our former list price and that Nusuk Hajj sets the coming one', async ({
  page,
}) => {
  await page.goto('/non-shifting-hajj');
  for (const card of await page.locator('[data-package-card]').all()) await expect(card).toContainText(HAJJ_PRICE);
  await page.goto('/hajj-packages');
  // The fifth review: no longer "the prices listed for the 1447 AH (2026) season", a price nobody paid.
  expect(await mainText(page)).toContain(
    'In our former list prices, which are not Nusuk Hajj prices, the non-shifting packages',
  );
});

test('P03: the eligibility box names the wheelchair exclusion and cites every condition', async ({ page }) => {
  await page.goto('/shifting-hajj');
  const box = page.getByRole('region', { name: 'Who can go for Hajj 2027 (1448 AH)' });
  const items = box.getByRole('listitem');
  await expect(items.filter({ hasText: 'wheelchair' })).toHaveCount(1);
  for (const item of await items.all()) await expect(item.getByRole('link')).toHaveAttribute('href', /^https:\/\//);
  await expect(box).toContainText('a parent who cannot manage without a wheelchair or constant help may be refused');
  expect(await mainText(page)).not.toMatch(/For parents who walk slowly or need a wheelchair/);
});

test('P04, N06: seasonal prices are not generalised and Ramadan packages name where their flights leave from', async ({
  page,
}) => {
  await page.goto('/blog/umrah-costs-2024-budget-breakdown');
  const costs = await mainText(page);
  expect(costs).not.toMatch(/start close to our year-round ones|rather than the season's name/);
  expect(costs).toContain('dearest weeks of the year');
  await page.goto('/blog/best-time-to-perform-umrah-seasonal-guide');
  expect(await mainText(page)).not.toContain("The season's name matters less");
  await page.goto('/package/ramadan-7-nights-3-star');
  const included = page.getByRole('region', { name: 'What is included' });
  // The gateway is never left unnamed: the quote names the airport (fifth review, P04/N06).
  await expect(included).toContainText(
    "Return flights on the group's departure, from the US airport named on your quote",
  );
  await expect(included).not.toContainText('US gateway');
  await expect(included).not.toContainText('Return flights from the USA');
});

test('P05, P07, P22: the terms show the cancellation charges before acceptance and one rule for price and confirmation', async ({
  page,
}) => {
  await page.goto('/terms-conditions');
  const terms = await mainText(page);
  expect(terms).toContain('Your quote shows the cancellation charges for your booking before you accept it');
  expect(terms).toContain('The price on your quote is guaranteed until its "valid until" date');
  expect(terms).toContain(
    'Your booking is confirmed when we have your deposit and have sent you the written confirmation.',
  );
  expect(terms).not.toMatch(/a quoted price can change until then|Your invoice lists the cancellation charges/);
  expect(terms).toContain('We file an Umrah visa no more than 30 days before you fly');
  await page.goto('/about-us');
  expect(await mainText(page)).not.toContain('Your invoice lists what is included');
});

test('P08: no Hajj page says flights are never part of a Nusuk package', async ({ page }) => {
  for (const path of HAJJ_PAGES) {
    await page.goto(path);
    const main = await mainText(page);
    expect(main).not.toMatch(/Flights are not part of a Nusuk package|Flights come on top of the Nusuk package/);
  }
  await page.goto('/hajj-packages');
  expect(await mainText(page)).toContain('Some Nusuk packages include group flights and others do not');
});

test('P09: the guides give the ihram timing where it is needed and point no way but the right one', async ({
  page,
}) => {
  await page.goto('/blog/complete-umrah-guide-step-by-step');
  const step = page.locator('h3:has-text("The practical way to do it on a flight") + ol');
  await expect(step).toContainText('15 to 20 minutes earlier');
  for (const path of [
    '/blog/complete-umrah-guide-step-by-step',
    '/blog/mecca-madinah-travel-guide-2024',
    '/blog/umrah-preparation-checklist-2024',
    '/umrah-visa',
    '/ramadan-umrah',
    '/blog/umrah-visa-requirements-us-citizens-2024',
    '/blog/umrah-vs-hajj-differences-explained',
  ]) {
    await page.goto(path);
    expect(await mainText(page), path).not.toMatch(
      /given above|described above|rule above|set out below|section on \w+ below|below gives/,
    );
  }
});

test('P10: every form notice agrees with the privacy policy, which answers Do Not Track and GPC', async ({ page }) => {
  for (const path of ['/contact-us', '/hajj-packages', '/package/economy-5-nights-umrah']) {
    await page.goto(path);
    const notice = page.locator('[data-form-notice]');
    await expect(notice).toContainText('to answer this enquiry and as our privacy policy describes');
    await expect(notice).not.toContainText('only to answer');
  }
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { name: 'Do Not Track and Global Privacy Control' })).toBeVisible();
  const policy = await mainText(page);
  expect(policy).toContain('whether or not scripts run in your browser');
  expect(policy).toContain('shown to our team with it');
  expect(policy).toContain("is not stored in your browser's cache");
  expect(policy).not.toContain('use it only for counts');
});

test('P11: the anti-fraud advice names the domain every one of our emails comes from', async ({ page }) => {
  await page.goto('/payment-security');
  const main = await mainText(page);
  expect(main).toContain('our emails come only from addresses ending in @miqat-travel.example');
  expect(main).not.toContain('Make sure emails from us come from');
});

test('P12: no lead time the coming Ramadan or winter break is already too close for', async ({ page }) => {
  for (const path of [
    '/ramadan-umrah',
    '/december-umrah',
    '/new-york-umrah',
    '/blog/best-time-to-perform-umrah-seasonal-guide',
  ]) {
    await page.goto(path);
    expect(await mainText(page), path).not.toMatch(
      /six to eight months|three to four months ahead|first half of December, you will usually/,
    );
  }
  await page.goto('/ramadan-umrah');
  expect(await mainText(page)).toContain(
    'rooms near the Haram fill months ahead of Ramadan, expected from about 8 February 2027',
  );
  await page.goto('/new-york-umrah');
  expect(await mainText(page)).toContain('the February mid-winter recess falls in Ramadan');
});

test('N14, P14, P18, P20: deluxe, shifting duration, "nothing hidden" and the reply time', async ({ page }) => {
  await page.goto('/package/7-nights-3-star-deluxe-chicago-umrah-package');
  expect(await mainText(page)).not.toContain('more time for Ziyarat');
  await page.goto('/package/shifting-hajj-4-nights-5-star');
  await expect(page.locator('main dl').first()).toContainText('Aziziyah before the Hajj days, then 4 Nights');
  await page.goto('/');
  const home = await mainText(page);
  expect(home).not.toContain('nothing hidden');
  expect(home).not.toContain('Washington DC, DC');
  expect(home).toContain('We reply within one business day');
});

test('health.acwy: the Umrah pages say recommended, the Hajj pages required, each from its source', async ({
  page,
}) => {
  await page.goto('/umrah-visa');
  expect(await mainText(page)).toContain('recommends the meningitis (ACWY) vaccine for Umrah');
  await page.goto('/hajj-packages');
  expect(await mainText(page)).toContain('requires every Hajj pilgrim over 2 years old');
});

/**
 * The fifth content review (6 December, round 5): what a family comparing agencies now reads on the
 * built site. The quote page's cancellation rule and card fee are read in quote-page.spec.ts, a
 * package page's full list of reviews in reviews-display.spec.ts.
 */
test.describe('the fifth content review', () => {
  test('P02: every Hajj figure says it is our former list price and how Nusuk Hajj prices relate, nowhere a season price', async ({
    page,
  }) => {
    for (const path of [...HAJJ_PAGES, `/package/${HAJJ_PACKAGES[0]!}`, '/package-finder']) {
      await page.goto(path);
      const main = await mainText(page);
      expect(main, path).not.toMatch(/season's price|prices listed for the 1447/);
      expect(main, path).toContain(HAJJ_PRICE);
    }
    await page.goto(`/compare?ids=economy-5-nights-umrah,${HAJJ_PACKAGES[0]!}`);
    await expect(page.locator('[data-row="price"]')).toContainText(HAJJ_PRICE);
    // The guide's package link, which read only "from $4,022 per person".
    await page.goto('/blog/umrah-vs-hajj-differences-explained');
    const guide = await mainText(page);
    expect(guide).toContain(HAJJ_PRICE);
    expect(guide).not.toMatch(/season's price|AH season/);
  });

  test('Q10: /payment-security names the states that ban or cap a card surcharge, with their laws', async ({
    page,
  }) => {
    await page.goto('/payment-security');
    const states = page.locator('[data-surcharge-states]');
    await expect(states).toContainText(
      'We charge no credit card fee to a family paying from Connecticut, Maine, or Massachusetts, whose law does not allow one, and at most 2% to a family paying from Colorado, as its law allows.',
    );
    await expect(states.getByRole('link', { name: 'Connecticut, CT Gen Stat sec. 42-133ff' })).toHaveAttribute(
      'href',
      /^https:\/\//,
    );
    expect(await mainText(page)).not.toContain("Where a state's law does not allow a credit card surcharge, we do not");
  });

  test('Q09: the privacy policy covers the Hajj 1448 list: consent, alerts, unsubscribe, how long, export and erasure', async ({
    page,
  }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { name: 'If you join the Hajj 1448 list' })).toBeVisible();
    const policy = await mainText(page);
    expect(policy).toContain('that you agreed to the emails and when, and each alert we sent you and when');
    expect(policy).toContain('Every alert has a one-click unsubscribe link');
    expect(policy).toContain('your interest is kept with your inquiry, for as long as the inquiry');
    expect(policy).toContain('your interest in the Hajj list with your consent and the alerts we sent');
    expect(policy).toContain('your place on the Hajj list with the record of its alerts');
  });

  test('Q06, Q07, Q08, Q15: the review policy shows the hotel answers apart, every review, the refusal in its words and for how long', async ({
    page,
  }) => {
    await page.goto('/how-we-collect-and-publish-reviews');
    const policy = await mainText(page);
    expect(policy).toContain('Our pages show the three answers apart');
    expect(policy).not.toContain('share of travellers whose hotels were the ones on their quote');
    expect(policy).toContain('with every other published review of that package, newest first');
    expect(policy).toContain('we email the writer a new link to send it again without those details');
    expect(policy).toContain('You are welcome to describe how our staff, guides and hotels served you.');
    expect(policy).toContain('Reviews stay published until you ask us to remove them.');
    expect(policy).toContain('turned off the emails about the trip (the link in each trip email) gets neither');
  });

  test('P01, P17, P20, Q14: the home page, about us, the Hajj page and the footer say what we do, from seven cities, one reply time', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Umrah from the USA, arranged with care, and honest guidance for Hajj',
    );
    await expect(page.getByRole('heading', { name: 'Fly to Umrah from your home city' })).toBeVisible();
    const cities = page.locator('section[aria-labelledby="cities-heading"]');
    await expect(cities.getByRole('listitem')).toHaveCount(7);
    await expect(cities.locator('a[href="/detroit-umrah"]')).toContainText('Detroit');
    const home = await mainText(page);
    expect(home).not.toContain('within 24 hours');
    await expect(page.locator('footer')).toContainText(
      'Umrah from seven US cities, Islamic holidays, and guidance for Hajj',
    );
    await expect(page.locator('footer')).not.toContainText('every major US city');
    await page.goto('/about-us');
    const about = await mainText(page);
    expect(about).toContain('guides families through Hajj on Nusuk Hajj');
    expect(about).toContain('For Umrah and our holidays we take care of the details');
    await page.goto('/hajj-packages');
    const hajj = await mainText(page);
    expect(hajj).not.toMatch(/We take care of the paperwork|Choose your Hajj package/);
    expect(hajj).toContain('you register and pay on Nusuk Hajj yourself');
    await expect(page.getByRole('heading', { name: 'Hajj package types on Nusuk Hajj' })).toBeVisible();
    // Q12: registration may already be open, so the form does not promise an alert for it.
    expect(hajj).toContain('may already be open: create your account on hajj.nusuk.sa now');
  });

  test("Q01: the terms hold one cancellation rule, the quote's, and nothing that takes the deposit whole", async ({
    page,
  }) => {
    await page.goto('/terms-conditions');
    const terms = await mainText(page);
    expect(terms).not.toMatch(/deposit is not refundable|less the cancellation charges on your quote/);
    expect(terms).toContain('They are the whole rule: nothing else in these terms takes more.');
    expect(terms).toContain("worked out on the cancelling travelers' share of the trip price");
  });
});
