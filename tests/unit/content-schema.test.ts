import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * A content editor's typo must stop the build with the file and the field named. Runs the
 * real `astro sync` on a copy of the project with one file broken.
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

function sync(dir: string): string {
  const result = spawnSync('npx', ['astro', 'sync'], { cwd: dir, encoding: 'utf8', env: process.env });
  expect(result.status).not.toBe(0);
  // Astro colours its messages when CI is set; the test reads the words.
  return stripVTControlCharacters(`${result.stdout}\n${result.stderr}`);
}

afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('content schemas', () => {
  it('reject a mistyped key in a package, naming the file and the key', () => {
    const file = 'src/content/packages/7-nights-4-star-chicago-umrah-package.yaml';
    const output = sync(projectWith(file, (text) => text.replace(/^price:/m, 'prise:')));
    expect(output).toContain('7-nights-4-star-chicago-umrah-package');
    expect(output).toMatch(/prise/);
    expect(output).toMatch(/price/);
  }, 90_000);

  it('reject a holiday trip without its price, naming the field', () => {
    const file = 'src/content/holidays/istanbul-3-days-package.yaml';
    const output = sync(projectWith(file, (text) => text.replace(/^price:.*\n/m, '')));
    expect(output).toContain('istanbul-3-days-package');
    expect(output).toMatch(/price/);
  }, 90_000);

  it('reject a holiday trip whose original price is not above its sale price, naming the field', () => {
    const file = 'src/content/holidays/istanbul-3-days-package.yaml';
    const output = sync(projectWith(file, (text) => text.replace(/^originalPrice:.*$/m, 'originalPrice: 899')));
    expect(output).toContain('istanbul-3-days-package');
    expect(output).toMatch(/originalPrice must be above price/);
  }, 90_000);

  it('reject an unknown fact placeholder in a city, naming the file, the field and the placeholder', () => {
    const file = 'src/content/cities/chicago.yaml';
    const output = sync(projectWith(file, (text) => text.replace(/^( {2}title: .*)$/m, '$1 {{fact:visa.procesing}}')));
    expect(output).toContain('chicago');
    expect(output).toMatch(/seo\.title: unknown placeholder \{\{fact:visa\.procesing\}\}/);
  }, 90_000);

  it('reject a guide without its reviewed date, naming the field', () => {
    const file = 'src/content/blog/umrah-weather-guide-what-to-expect.mdx';
    const output = sync(projectWith(file, (text) => text.replace(/^reviewed:.*\n/m, '')));
    expect(output).toContain('umrah-weather-guide-what-to-expect');
    expect(output).toMatch(/reviewed/);
  }, 90_000);

  it('reject a translation placeholder its language has no phrase for, naming the file, the placeholder and the language', () => {
    const file = 'src/content/translations/bn/landing/umrah-visa.mdx';
    const output = sync(
      projectWith(file, (text) => text.replace(/^(title: .*?)(['"]?)$/m, '$1 {{fact:payment.cardFee}}$2')),
    );
    expect(output).toContain('umrah-visa');
    expect(output).toMatch(/\{\{fact:payment\.cardFee\}\} has no Bengali phrase/);
  }, 90_000);
});
