import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import subsetFont from 'subset-font';

export interface FontSubset {
  /** File inside an installed @fontsource package, e.g. `@fontsource-variable/inter/files/x.woff2`. */
  source: string;
  /** Output file name in the cache folder. */
  name: string;
  /** The weight range the site uses; the rest of the variable axis is dropped. */
  weight: { min: number; max: number };
}

const CACHE_DIR = 'node_modules/.cache/miqat-fonts';

/**
 * The characters the copy uses: ASCII plus the typographic punctuation and symbols US English
 * needs. Anything else still shows, drawn from the fallback font.
 */
export const SUBSET_TEXT = [
  String.fromCharCode(...Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => 0x20 + i)),
  '\u00a0‘’“”–—•…·©®™°×€£→é',
].join('');

/** Layout features worth their bytes: kerning, ligatures, marks and numeral styles. */
const FEATURES = ['kern', 'liga', 'calt', 'ccmp', 'locl', 'mark', 'mkmk', 'case', 'tnum', 'lnum', 'pnum'];

/**
 * Cuts the @fontsource files down to the characters and weights the site uses, so phones
 * download a third less font data. Runs with the Astro config (dev, build, check), offline.
 * Returns the root-relative paths of the subset files, in the order given.
 */
export async function subsetFonts(subsets: readonly FontSubset[]): Promise<string[]> {
  const require = createRequire(import.meta.url);
  await mkdir(CACHE_DIR, { recursive: true });
  return Promise.all(
    subsets.map(async ({ source, name, weight }) => {
      const input = await readFile(require.resolve(source));
      const output = await subsetFont(input, SUBSET_TEXT, {
        targetFormat: 'woff2',
        variationAxes: { wght: weight },
        keepFeatures: FEATURES,
      });
      const path = join(CACHE_DIR, name);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, output);
      return `./${path}`;
    }),
  );
}
