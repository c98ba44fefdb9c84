// `npm run bench`: builds the site, serves it, and prints per page the bytes a phone downloads
// before interacting (gzip) and Lighthouse mobile scores. A benchmark, not a test: it prints figures
// and marks the budgets below, and exits non-zero when a page is over one, so a regression is hard
// to miss. Lighthouse runs BENCH_RUNS times a page (default 3) and the median is kept: one run on a
// busy machine can be off by hundreds of milliseconds. BENCH_ALL=1 audits every page, not one a kind;
// BENCH_ONLY=translated weighs and audits only the translated pages and their English ones.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { FIRST_RESPONSE_MAX_BYTES, PUBLIC_CSS_MAX_KB } from '../src/lib/page-budgets.ts';
import { localizedPath, TRANSLATED_LANGUAGES, TRANSLATED_PAGES } from '../src/lib/languages.ts';
import { ensureChromium } from './debian-tools.ts';

/** The page budgets; sizes are gzip KB before interaction. */
const BUDGET = {
  htmlKb: 30,
  /** The comparison of three packages, drawn per request. */
  compareHtmlKb: 20,
  /** Every page: nothing runs until the visitor reaches for something (the finder and search too). */
  jsKb: 0,
  cssKb: PUBLIC_CSS_MAX_KB,
  fontKb: 30,
  /** HTML, CSS, JavaScript, images and fonts together, on pages without an enquiry form. */
  formlessTotalKb: 60,
  /** The page's first response (headers and brotli body) fits a new connection's first round trip. */
  firstResponseBytes: FIRST_RESPONSE_MAX_BYTES,
  lighthouse: 100,
  lcpMs: 1200,
};
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 4399);
const ORIGIN = `http://localhost:${PORT}`;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Pages drawn per request are not in the sitemap; the comparison is weighed and audited by one URL. */
const COMPARE_PAGE =
  '/compare?ids=7-nights-4-star-chicago-umrah-package,dallas-7-nights-4-star,istanbul-3-days-package';

/** Lighthouse runs on one page of each kind (it takes seconds a page); weights cover every page. */
const LIGHTHOUSE_PAGES = new Set([
  '/',
  '/about-us',
  '/contact-us',
  '/privacy-policy',
  '/terms-conditions',
  '/payment-security',
  '/umrah-packages',
  '/ramadan-umrah',
  '/islamic-holidays',
  '/umrah-visa',
  '/chicago-umrah',
  '/package/7-nights-4-star-chicago-umrah-package',
  '/package/ramadan-last-10-days',
  '/package-finder',
  '/blog',
  '/blog/complete-umrah-guide-step-by-step',
  '/search',
  COMPARE_PAGE,
  // Each translated page beside its English one (issue 43): the same budgets in every language.
  ...TRANSLATED_PAGES.flatMap((path) => [path, ...TRANSLATED_LANGUAGES.map((lang) => localizedPath(path, lang))]),
]);

/** The translated pages, each English page followed by its translations, for the side-by-side table. */
const TRANSLATED_ROWS = TRANSLATED_PAGES.flatMap((path) => [
  path,
  ...TRANSLATED_LANGUAGES.map((lang) => localizedPath(path, lang)),
]);

/** Kind of page, for the summary of every page's weight. */
function pageKind(path) {
  if (/^\/(ur|ar|bn)(\/|$)/.test(path)) return 'translated pages';
  if (path.startsWith('/compare')) return 'comparison';
  if (path.startsWith('/package/')) return 'package pages';
  if (path.startsWith('/blog/category/')) return 'guide categories';
  if (path.startsWith('/blog/')) return 'guides';
  if (/^\/[a-z-]+-umrah$/.test(path) && !['/ramadan-umrah', '/december-umrah'].includes(path)) return 'city pages';
  return 'other pages';
}

const kb = (bytes) => bytes / 1024;
const fmt = (bytes) => kb(bytes).toFixed(1);

function build() {
  const started = Date.now();
  // Canonical URLs on the bench origin, so Lighthouse audits the page it loads.
  const result = spawnSync('npx', ['astro', 'build'], { stdio: 'ignore', env: { ...process.env, SITE_URL: ORIGIN } });
  if (result.status !== 0) throw new Error('astro build failed');
  return (Date.now() - started) / 1000;
}

async function startServer() {
  const server = spawn('node', ['src/server/main.ts'], {
    env: { ...process.env, PORT: String(PORT), HOST: 'localhost', SITE_URL: ORIGIN },
    // Its errors are shown: a server that stops mid-run would otherwise be a bare ERR_CONNECTION_REFUSED.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      if ((await fetch(`${ORIGIN}/`)).ok) return server;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill();
  throw new Error('server did not start');
}

function sitemapPaths() {
  const index = readFileSync('dist/client/sitemap-index.xml', 'utf8');
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  return files.flatMap((file) =>
    [...readFileSync(`dist/client${file}`, 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname),
  );
}

/** Bytes by type that a 390 px phone downloads before interacting, gzip-compressed. */
async function weigh(browser, path) {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const sizes = { html: 0, css: 0, js: 0, image: 0, font: 0 };
  const pending = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const key = { document: 'html', stylesheet: 'css', script: 'js', image: 'image', font: 'font' }[type];
    if (!key || !response.ok()) return;
    pending.push(
      response
        .body()
        .then((body) => (sizes[key] += gzipSync(body).length))
        .catch(() => {}),
    );
  });
  const document = await page.goto(`${ORIGIN}${path}`, { waitUntil: 'networkidle' });
  // The page's first response, headers and compressed body: over one round trip of a new
  // connection (10 segments of 1,460 bytes), a phone waits a round trip more before it can paint.
  const { responseHeadersSize, responseBodySize } = await document.request().sizes();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  // An enquiry form (a posting form) may take the page over the total; its own bytes are the form's.
  const hasForm = (await page.locator('form[method="post"]').count()) > 0;
  await page.close();
  const total = sizes.html + sizes.css + sizes.js + sizes.image + sizes.font;
  return { ...sizes, total, hasForm, firstResponse: responseHeadersSize + responseBodySize };
}

/** The middle value (the mean of the two middle ones for an even count). */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Lighthouse mobile scores and largest contentful paint, each the median of RUNS runs, and the SEO
 * audits that failed in any run. A page that asks not to be indexed (the comparison) fails
 * "is-crawlable" by design; every other SEO audit must still pass.
 */
async function audit(port, path) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) {
    const result = await lighthouse(`${ORIGIN}${path}`, { port, output: 'json', logLevel: 'error' });
    runs.push(result.lhr);
    benchmarkIndexes.push(Math.round(result.lhr.environment.benchmarkIndex));
  }
  const scores = ['performance', 'accessibility', 'best-practices', 'seo'].map((id) =>
    Math.round(median(runs.map(({ categories }) => categories[id].score * 100))),
  );
  const lcpMs = median(runs.map(({ audits }) => audits['largest-contentful-paint'].numericValue));
  const seoFailures = [
    ...new Set(
      runs.flatMap(({ categories, audits }) =>
        categories.seo.auditRefs
          .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1)
          .map((ref) => ref.id),
      ),
    ),
  ];
  return { scores, lcpMs, seoFailures };
}

/** Over budget unless all four scores are 100, or the only miss is a noindex page's own "is-crawlable". */
function lighthouseOver(path, { scores, seoFailures }) {
  const [performance, accessibility, bestPractices] = scores;
  const allowed = path === COMPARE_PAGE ? ['is-crawlable'] : [];
  const seoOk = seoFailures.every((id) => allowed.includes(id));
  return [performance, accessibility, bestPractices].some((score) => score < BUDGET.lighthouse) || !seoOk;
}

/** The budgets a page misses, in words. */
function misses(row, lighthouseResult) {
  const found = [];
  const htmlBudget = row.path === COMPARE_PAGE ? BUDGET.compareHtmlKb : BUDGET.htmlKb;
  if (kb(row.html) > htmlBudget) found.push(`HTML ${fmt(row.html)} KB > ${htmlBudget} KB`);
  if (row.firstResponse > BUDGET.firstResponseBytes)
    found.push(`first response ${row.firstResponse} bytes > ${BUDGET.firstResponseBytes} (one round trip)`);
  if (kb(row.js) > BUDGET.jsKb) found.push(`${fmt(row.js)} KB of JavaScript before interaction`);
  if (kb(row.css) > BUDGET.cssKb) found.push(`CSS ${fmt(row.css)} KB > ${BUDGET.cssKb} KB`);
  if (kb(row.font) > BUDGET.fontKb) found.push(`fonts ${fmt(row.font)} KB > ${BUDGET.fontKb} KB`);
  if (!row.hasForm && kb(row.total) > BUDGET.formlessTotalKb)
    found.push(`total ${fmt(row.total)} KB > ${BUDGET.formlessTotalKb} KB`);
  if (lighthouseResult && lighthouseOver(row.path, lighthouseResult))
    found.push(
      `Lighthouse ${lighthouseResult.scores.join('/')} (SEO misses: ${lighthouseResult.seoFailures.join(', ') || 'none'})`,
    );
  if (lighthouseResult && lighthouseResult.lcpMs > BUDGET.lcpMs)
    found.push(`LCP ${Math.round(lighthouseResult.lcpMs)} ms > ${BUDGET.lcpMs} ms`);
  return found;
}

const chromePath = ensureChromium();
console.log('Building…');
const buildSeconds = build();
const server = await startServer();
const browser = await chromium.launch({ executablePath: chromePath, args: CHROME_FLAGS.slice(1) });
const chromiumVersion = browser.version();
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
const rows = [];
const over = [];
/** Lighthouse's own measure of the machine's speed, each run: its scores depend on it. */
const benchmarkIndexes = [];
try {
  // BENCH_ONLY=translated: the translated pages and their English ones alone, for work on the languages.
  const paths = process.env.BENCH_ONLY === 'translated' ? TRANSLATED_ROWS : [...sitemapPaths(), COMPARE_PAGE];
  for (const path of paths) {
    const weight = await weigh(browser, path);
    const audited = process.env.BENCH_ALL === '1' || LIGHTHOUSE_PAGES.has(path);
    const lighthouseResult = audited ? await audit(chrome.port, path) : null;
    const row = { path, ...weight, scores: lighthouseResult?.scores ?? null, lcpMs: lighthouseResult?.lcpMs ?? null };
    row.misses = misses(row, lighthouseResult);
    rows.push(row);
    over.push(...row.misses.map((miss) => `${path}: ${miss}`));
  }
} finally {
  await browser.close();
  chrome.kill();
  server.kill();
}

const header = [
  'page',
  'HTML',
  'CSS',
  'JS',
  'img',
  'font',
  'total',
  'perf',
  'LCP ms',
  'a11y',
  'best',
  'seo',
  'budgets',
];
const cells = (row) => [
  row.path,
  fmt(row.html),
  fmt(row.css),
  fmt(row.js),
  fmt(row.image),
  fmt(row.font),
  `${fmt(row.total)}${row.hasForm ? ' (form)' : ''}`,
  ...(row.scores
    ? [String(row.scores[0]), String(Math.round(row.lcpMs)), ...row.scores.slice(1).map(String)]
    : ['-', '-', '-', '-', '-']),
  row.misses ? (row.misses.length ? `NOT MET (${row.misses.length})` : 'met') : '',
];
function print(title, table) {
  const widths = header.map((name, column) => Math.max(name.length, ...table.map((row) => row[column].length)));
  const line = (row) =>
    row
      .map((cell, column) =>
        column === 0 || column === header.length - 1 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
      )
      .join('  ');
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of table) console.log(line(row));
}
console.log(
  `\nBuild: ${buildSeconds.toFixed(1)} s for ${rows.length} pages. Sizes are gzip KB a 390 px phone loads before interacting; scores and LCP are Lighthouse mobile (simulated throttling), the median of ${RUNS} runs.`,
);
if (benchmarkIndexes.length) {
  // The simulation slows what it observes fourfold whatever the machine, so a slower machine scores lower.
  console.log(
    `Lighthouse's benchmark index of this machine: ${Math.min(...benchmarkIndexes)} to ${Math.max(...benchmarkIndexes)} over its ${benchmarkIndexes.length} runs (Chromium ${chromiumVersion}).`,
  );
}
print(
  'Pages audited by Lighthouse',
  rows.filter((row) => row.scores && !TRANSLATED_ROWS.includes(row.path)).map(cells),
);
print(
  'The translated pages beside their English page',
  TRANSLATED_ROWS.flatMap((path) => rows.filter((row) => row.path === path)).map(cells),
);
const kinds = [...new Set(rows.map((row) => pageKind(row.path)))];
print(
  'Every page, by kind: the largest figure in each column, and how many pages miss a budget',
  kinds.map((kind) => {
    const group = rows.filter((row) => pageKind(row.path) === kind);
    const largest = Object.fromEntries(
      ['html', 'css', 'js', 'image', 'font', 'total'].map((key) => [key, Math.max(...group.map((row) => row[key]))]),
    );
    const missing = group.filter((row) => row.misses.length).length;
    return [
      ...cells({ path: `${kind} (${group.length})`, ...largest, hasForm: false, scores: null }).slice(0, -1),
      missing ? `NOT MET on ${missing}` : 'met',
    ];
  }),
);
console.log(
  `\nBudgets: each page's first response (headers and brotli body) <= ${BUDGET.firstResponseBytes} bytes, one round trip; no JavaScript before interaction; CSS <= ${BUDGET.cssKb} KB; fonts <= ${BUDGET.fontKb} KB; total <= ${BUDGET.formlessTotalKb} KB on pages without an enquiry form; HTML <= ${BUDGET.htmlKb} KB (the comparison <= ${BUDGET.compareHtmlKb} KB); Lighthouse performance ${BUDGET.lighthouse} with LCP <= ${BUDGET.lcpMs} ms, and ${BUDGET.lighthouse} in the other three (the comparison's SEO score may miss only "is-crawlable": it is noindex by design).`,
);
if (over.length) {
  console.log(`Over budget:\n- ${over.join('\n- ')}`);
  process.exitCode = 1;
} else {
  console.log('Every page is within budget.');
}
