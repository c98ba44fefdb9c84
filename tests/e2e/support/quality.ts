import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { HtmlValidate, type ConfigData } from 'html-validate';
import type { Page } from '@playwright/test';

const htmlValidate = new HtmlValidate(JSON.parse(readFileSync('.htmlvalidate.json', 'utf8')) as ConfigData);

/**
 * Astro writes this one rule into the body before the first island. Browsers apply it, but
 * HTML allows <style> only in the head; it is the framework's, so it is the one thing removed.
 */
const ASTRO_ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/** The WCAG A/AA violations axe finds on the page as it is now, one line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** What html-validate finds wrong in a page's HTML, one line each. */
export async function htmlProblems(html: string, name: string): Promise<string[]> {
  const report = await htmlValidate.validateString(html.replace(ASTRO_ISLAND_STYLE, ''), `${name}.html`);
  return report.results.flatMap((result) =>
    result.messages.map((message) => `${message.ruleId} line ${message.line}: ${message.message}`),
  );
}
