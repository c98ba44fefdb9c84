import type { Page } from '@playwright/test';
import { HtmlValidate } from 'html-validate';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import htmlValidateConfig from '../../../.htmlvalidate.mjs';

const htmlValidate = new HtmlValidate(htmlValidateConfig);

/**
 * Astro writes this one rule into the body before the first island. Browsers apply it, but
 * HTML allows <style> only in the head; it is the framework's, so it is the one thing removed.
 */
const ASTRO_ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/** Console errors and warnings, failed sub-resources and page errors, collected from now on. */
export function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    // Failed loads are reported below with their URL; a not-found page's own 404 is expected.
    if (message.text().startsWith('Failed to load resource')) return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && response.request().resourceType() !== 'document') {
      problems.push(`${response.status()} ${response.url()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Islands that hydrate by themselves (load, idle) have hydrated; those that wait for the visitor loaded nothing. */
export async function selfHydratingIslandsReady(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('astro-island[ssr]')].every(
      (island) => !['load', 'idle'].includes(island.getAttribute('client') ?? ''),
    ),
  );
}

/** The WCAG 2.0-2.2 A and AA rules, as axe tags them. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** axe's script, read once per worker. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's WCAG 2.0-2.2 A/AA violations on the page once it has loaded, one line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  // A document just committed may not have its stylesheets yet: unstyled, the desktop menu shows
  // at 390 px as a row of small links, and axe would judge a layout no visitor sees.
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.evaluate(async () => void (await document.fonts.ready));
  // axe is compiled once per document, not once per run: @axe-core/playwright compiled it twice a
  // run, a third of a second each time. Our pages have no frames, so the page's own run is all.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // Naming each element found costs a quarter of a run, so a clean page is judged without it and
  // only a page with violations is judged again to name them.
  const clean = await runAxe(page, false);
  return clean.length === 0 ? [] : runAxe(page, true);
}

/** One axe run over the whole document; `selectors` names each violating element. */
async function runAxe(page: Page, selectors: boolean): Promise<string[]> {
  return page.evaluate(
    async ({ tags, selectors }) => {
      const { axe } = window as unknown as { axe: typeof import('axe-core') };
      // Passes are only counted, not collected node by node: the same violations, in less time.
      const results = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
        selectors,
      });
      // Without selectors axe gives no target at all.
      const named = (node: (typeof results.violations)[number]['nodes'][number]) =>
        selectors ? node.target.join(' ') : '?';
      return results.violations.map(
        (violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map(named).join(', ')}`,
      );
    },
    { tags: WCAG_TAGS, selectors },
  );
}

/**
 * The pictures whose loading does not match where they are: lazy ones in the window's first screen
 * (a phone finds them only after layout, and one may be the page's largest paint) and urgent ones
 * (`fetchpriority="high"`) outside it, which take a phone's first second from the fonts (issue 23).
 */
export async function picturesAtTheWrongPriority(
  page: Page,
): Promise<{ lazyInView: string[]; urgentOutOfView: string[] }> {
  // An IntersectionObserver sees what the window shows: a carousel's next slide, clipped by its
  // frame, is out of view however close it sits.
  return page.evaluate(async () => {
    const images = [...document.querySelectorAll<HTMLImageElement>('img[loading="lazy"], img[fetchpriority="high"]')];
    const seen = await new Promise<IntersectionObserverEntry[]>((resolve) => {
      if (images.length === 0) resolve([]);
      const observer = new IntersectionObserver((entries) => {
        observer.disconnect();
        resolve(entries);
      });
      for (const image of images) observer.observe(image);
    });
    const source = (entry: IntersectionObserverEntry) => entry.target.getAttribute('src') ?? '';
    const inView = (entry: IntersectionObserverEntry) => entry.intersectionRatio > 0;
    return {
      lazyInView: seen.filter((entry) => inView(entry) && entry.target.getAttribute('loading') === 'lazy').map(source),
      urgentOutOfView: seen
        .filter((entry) => !inView(entry) && entry.target.getAttribute('fetchpriority') === 'high')
        .map(source),
    };
  });
}

/**
 * axe's violations once every table on the page is far wider than the screen and every disclosure
 * is open: whether a table overflows depends on the day's data, and a box that scrolls must be
 * reachable by keyboard whatever the data. Run after the page's own gates; it changes the page.
 */
export async function axeViolationsWithWideTables(page: Page): Promise<string[]> {
  // Through the CSSOM: the pages' Content-Security-Policy refuses an added <style>.
  await page.evaluate(() => {
    for (const details of document.querySelectorAll('details')) details.open = true;
    for (const table of document.querySelectorAll('table')) table.style.minWidth = '1600px';
  });
  const tables = await page.locator('table').count();
  const scrolling = await page.evaluate(
    () =>
      [...document.querySelectorAll('table')].filter((table) => {
        const box = table.parentElement!;
        return box.scrollWidth > box.clientWidth;
      }).length,
  );
  if (tables !== scrolling) return [`only ${scrolling} of ${tables} tables sit in a box that scrolls sideways`];
  return axeViolations(page);
}

/** html-validate's findings on a served page, one line each. */
export async function htmlProblems(html: string, name: string): Promise<string[]> {
  const report = await htmlValidate.validateString(html.replace(ASTRO_ISLAND_STYLE, ''), `${name}.html`);
  return report.results.flatMap((result) =>
    result.messages.map((message) => `${message.ruleId} line ${message.line}: ${message.message}`),
  );
}

/** How many pixels the page scrolls sideways in its window (either way, for a right-to-left page); 0 when it fits. */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth));
}
