import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Tailwind builds each bundle from the markup its `@source` lines name, and a path that no longer
 * exists is silently scanned as nothing: a folder renamed (components/review → review-form) would
 * drop its classes from the quote pages' bundle and let them into the public one, with no error.
 */
const STYLES = 'src/styles';

/** Every path an `@source` or `@source not` line of `css` names, as written. */
function sourcePaths(css: string): string[] {
  return [...css.matchAll(/@source\s+(?:not\s+)?'([^']+)'/g)].map((match) => match[1]!);
}

describe('the stylesheets', () => {
  const sheets = readdirSync(STYLES).filter((name) => name.endsWith('.css'));

  it('find the source lines they are read by', () => {
    expect(sourcePaths("@source '../a';\n@source not '../b.astro';\n@source not inline('x');")).toEqual([
      '../a',
      '../b.astro',
    ]);
  });

  it.each(sheets)('%s names only markup that exists', (sheet) => {
    const missing = sourcePaths(readFileSync(join(STYLES, sheet), 'utf8')).filter(
      (path) => !existsSync(join(STYLES, path)),
    );
    expect(missing).toEqual([]);
  });
});
