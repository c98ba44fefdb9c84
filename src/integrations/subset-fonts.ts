import { createHash } from 'node:crypto';
import { access, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import subsetFont from 'subset-font';
import { FONT_CHARACTERS } from '../lib/font-subset.ts';

export interface FontSubset {
  /** File inside an installed @fontsource package, e.g. `@fontsource-variable/inter/files/x.woff2`. */
  source: string;
  /** Output file name in the cache folder. */
  name: string;
  /** The weight range the site uses, or the one weight it keeps; the rest of the variable axis is dropped. */
  weight: { min: number; max: number } | number;
}

const CACHE_DIR = 'node_modules/.cache/miqat-fonts';

/**
 * Layout features worth their bytes: kerning, ligatures, marks and numeral styles. Not Inter's
 * contextual alternates ('calt': arrows drawn from "->", colons raised between digits): they
 * are 3.7 KB of its 19.6, and every page's fonts must stay under 30 KB.
 */
const FEATURES = ['kern', 'liga', 'ccmp', 'locl', 'mark', 'mkmk', 'case', 'tnum', 'lnum', 'pnum'];

/**
 * Cuts the @fontsource files down to the characters and weights the site uses, so phones
 * download a third less font data. Runs with the Astro config (dev, build, check, every test
 * run), offline; a subset already made from the same file and settings is reused, since
 * subsetting takes seconds. Returns the root-relative paths of the subset files, in the order given.
 */
export async function subsetFonts(subsets: readonly FontSubset[]): Promise<string[]> {
  const require = createRequire(import.meta.url);
  await mkdir(CACHE_DIR, { recursive: true });
  return Promise.all(
    subsets.map(async ({ source, name, weight }) => {
      const input = await readFile(require.resolve(source));
      const key = createHash('sha256')
        .update(input)
        .update(JSON.stringify([FONT_CHARACTERS, FEATURES, weight]))
        .digest('hex')
        .slice(0, 16);
      const path = join(CACHE_DIR, key, name);
      const made = await access(path).then(
        () => true,
        () => false,
      );
      if (!made) {
        const output = await subsetFont(input, FONT_CHARACTERS, {
          targetFormat: 'woff2',
          variationAxes: { wght: weight },
          keepFeatures: FEATURES,
        });
        await mkdir(dirname(path), { recursive: true });
        // Written aside and renamed: two builds at once never read a half-written file.
        const temporary = `${path}.${process.pid}.tmp`;
        await writeFile(temporary, output);
        await rename(temporary, path);
      }
      return `./${path}`;
    }),
  );
}
