import { expect, test } from '@playwright/test';
import { FONT_CHARACTERS, inSystemFontLanguage, inSystemFontScript } from '../../src/lib/font-subset.ts';
import { languageOr } from '../../src/lib/languages.ts';
import { builtHtml, sitemapPaths } from './support/site.ts';

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * The text a page prints in the site's fonts: its text nodes with entities decoded; scripts, styles
 * and icons left out, and code (`code`, `kbd`, `pre`, `samp`), which is set in the system's monospace font.
 */
function printedText(html: string): string {
  const body = html.slice(html.indexOf('<body'));
  return body
    .replace(/<(script|style|svg|code|kbd|pre|samp)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === '#') return String.fromCodePoint(Number(name[1] === 'x' ? `0${name.slice(1)}` : name.slice(1)));
      return NAMED[name] ?? entity;
    });
}

// The fonts are cut down to FONT_CHARACTERS to keep every page's largest paint under 1.2 s; a
// character outside them would show in the fallback font in the middle of a word or a line. Urdu,
// Arabic and Bengali are drawn by the system's fonts on purpose and are not looked for: on an English
// page their letters, and on an Urdu, Arabic or Bengali page everything.
test('every character printed on every page is one the site fonts carry, or Arabic-script or Bengali text', () => {
  const carried = new Set(FONT_CHARACTERS);
  const missing = sitemapPaths().flatMap((path) => {
    const html = builtHtml(path);
    if (inSystemFontLanguage(languageOr(/<html lang="([^"]+)"/.exec(html)?.[1]))) return [];
    const characters = new Set(
      [...printedText(html)].filter(
        (character) => character > ' ' && !carried.has(character) && !inSystemFontScript(character),
      ),
    );
    return [...characters].map((character) => `${path}: "${character}" (U+${character.codePointAt(0)!.toString(16)})`);
  });
  expect(missing).toEqual([]);
});
