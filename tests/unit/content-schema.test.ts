import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it, vi } from 'vitest';

/**
 * A content editor's typo must stop the build with the file and the field named. Runs the
 * real sync (Astro's own, which `astro sync` and the build run) on a copy of the project with one
 * file broken, in this process: a CLI process each cost twice the time.
 */
const copies: string[] = [];

function projectWith(file: string, edit: (text: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), 'miqat-schema-'));
  copies.push(dir);
  for (const entry of ['src', 'public', 'astro.config.ts', 'tsconfig.json', 'package.json']) {
    cpSync(resolve(entry), join(dir, entry), { recursive: true });
  }
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
  const target = join(dir, file);
  writeFileSync(target, edit(readFileSync(target, 'utf8')));
  return dir;
}

// Under Vitest, Astro's Vite config points 'astro' at its types; the package's entry file is the module.
const { sync: astroSync } = (await import(
  pathToFileURL(createRequire(import.meta.url).resolve('astro')).href
)) as typeof import('astro');

/** Astro's own sync, the one `astro sync` and the build run, in this process: what it refuses, in words. */
async function sync(dir: string): Promise<string> {
  try {
    // Its own cache, not node_modules/.astro through the link: the real project's content store is
    // the type check's and the build's, which run beside the unit tests.
    await astroSync({ root: dir, cacheDir: join(dir, '.astro-cache'), logLevel: 'silent' });
  } catch (error) {
    // Only Astro's refusal is the answer; anything else is the test's own failure.
    if ((error as { type?: unknown }).type !== 'AstroError') throw error;
    // Astro marks up its messages for the terminal; the test reads the words.
    return stripVTControlCharacters(String(error)).replaceAll('**', '');
  }
  throw new Error(`astro sync accepted the broken copy in ${dir}`);
}

// Astro saves a copy's content store half a second after its sync, a refused one too: the copies
// go once each has been saved, not while a save is still due.
afterAll(async () => {
  const saved = (dir: string) => existsSync(join(dir, '.astro-cache', 'data-store.json'));
  await vi.waitFor(() => expect(copies.filter((dir) => !saved(dir))).toEqual([]), { timeout: 20_000, interval: 100 });
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

describe('content schemas', () => {
  it('reject a mistyped key in a package, naming the file and the key', async () => {
    const file = 'src/content/packages/7-nights-4-star-chicago-umrah-package.yaml';
    const output = await sync(projectWith(file, (text) => text.replace(/^price:/m, 'prise:')));
    expect(output).toContain('7-nights-4-star-chicago-umrah-package');
    expect(output).toMatch(/prise/);
    expect(output).toMatch(/price/);
  }, 90_000);

  it('reject a holiday trip without its price, naming the field', async () => {
    const file = 'src/content/holidays/istanbul-3-days-package.yaml';
    const output = await sync(projectWith(file, (text) => text.replace(/^price:.*\n/m, '')));
    expect(output).toContain('istanbul-3-days-package');
    expect(output).toMatch(/price/);
  }, 90_000);

  it('reject a holiday trip whose original price is not above its sale price, naming the field', async () => {
    const file = 'src/content/holidays/istanbul-3-days-package.yaml';
    const output = await sync(projectWith(file, (text) => text.replace(/^originalPrice:.*$/m, 'originalPrice: 899')));
    expect(output).toContain('istanbul-3-days-package');
    expect(output).toMatch(/originalPrice must be above price/);
  }, 90_000);

  it('reject an unknown fact placeholder in a city, naming the file, the field and the placeholder', async () => {
    const file = 'src/content/cities/chicago.yaml';
    const output = await sync(
      projectWith(file, (text) => text.replace(/^( {2}title: .*)$/m, '$1 {{fact:visa.procesing}}')),
    );
    expect(output).toContain('chicago');
    expect(output).toMatch(/seo\.title: unknown placeholder \{\{fact:visa\.procesing\}\}/);
  }, 90_000);

  it('reject a guide without its reviewed date, naming the field', async () => {
    const file = 'src/content/blog/umrah-weather-guide-what-to-expect.mdx';
    const output = await sync(projectWith(file, (text) => text.replace(/^reviewed:.*\n/m, '')));
    expect(output).toContain('umrah-weather-guide-what-to-expect');
    expect(output).toMatch(/reviewed/);
  }, 90_000);

  it('reject a translation placeholder its language has no phrase for, naming the file, the placeholder and the language', async () => {
    const file = 'src/content/translations/bn/landing/umrah-visa.mdx';
    const output = await sync(
      projectWith(file, (text) => text.replace(/^(title: .*?)(['"]?)$/m, '$1 {{fact:payment.cardFee}}$2')),
    );
    expect(output).toContain('umrah-visa');
    expect(output).toMatch(/\{\{fact:payment\.cardFee\}\} has no Bengali phrase/);
  }, 90_000);
});
