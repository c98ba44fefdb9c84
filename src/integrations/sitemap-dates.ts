import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { DATED_CONTENT, frontmatterLastmod } from '../lib/sitemap-dates.ts';

/** Each dated page's path and its lastmod, read from the content files when the site is built. */
export function contentLastmods(root = 'src/content'): Map<string, string> {
  const dates = new Map<string, string>();
  for (const [folder, pathOf] of Object.entries(DATED_CONTENT)) {
    for (const file of readdirSync(join(root, folder)).filter((name) => name.endsWith('.mdx'))) {
      const lastmod = frontmatterLastmod(readFileSync(join(root, folder, file), 'utf8'));
      if (lastmod) dates.set(pathOf(basename(file, '.mdx')), lastmod);
    }
  }
  return dates;
}
