import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { moveIslandScripts } from '../lib/island-loader.ts';
import { withoutIdleNoScriptStyle } from '../lib/no-script.ts';
import { joinIslandLoader, keepOwnHashes, mergeInlineStyles } from '../lib/page-csp.ts';

/**
 * After the build, every prerendered page gets lighter: Astro's inline island scripts move into one
 * file, `/_astro/islands.<hash>.js`, fetched by the loader on the first interaction (or at once when
 * an island must resume), joined to the head's inline script; its inline styles become one, its
 * `<noscript>` style goes where nothing needs it, and each page's CSP keeps only the hashes of its own inline code. Pages
 * drawn per request (the comparison) keep Astro's inline scripts, which work as before.
 * Register it before the integrations that read the pages (Pagefind, precompress).
 */
export function islandRuntime(): AstroIntegration {
  return {
    name: 'miqat:island-runtime',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const pages = (await readdir(root, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
          .map((entry) => join(entry.parentPath, entry.name));
        const texts = await Promise.all(pages.map((page) => readFile(page, 'utf8')));
        // The file's name depends on its content, which must be the same in every page.
        const sample = texts.map((html) => moveIslandScripts(html, '').scripts).find((scripts) => scripts.length);
        if (!sample) return;
        const runtime = sample.join('');
        const url = `/_astro/islands.${createHash('sha256').update(runtime).digest('base64url').slice(0, 10)}.js`;
        await writeFile(join(root, url), runtime);
        let moved = 0;
        await Promise.all(
          pages.map(async (page, index) => {
            const { html, scripts } = moveIslandScripts(texts[index]!, url);
            if (scripts.length && scripts.join('') !== runtime) {
              throw new Error(`${page}: its island scripts differ from the other pages'`);
            }
            moved += scripts.length ? 1 : 0;
            await writeFile(page, keepOwnHashes(joinIslandLoader(mergeInlineStyles(withoutIdleNoScriptStyle(html)))));
          }),
        );
        logger.info(
          `island scripts moved to ${url} from ${moved} pages; each page's inline styles are one, and its CSP lists its own hashes`,
        );
      },
    },
  };
}
