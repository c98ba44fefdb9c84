import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import * as pagefind from 'pagefind';

/**
 * Indexes the built pages with Pagefind after every build, so site search is served as
 * static files from /pagefind/ and needs no server or network.
 */
export function pagefindIndex(): AstroIntegration {
  return {
    name: 'miqat:pagefind',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const site = fileURLToPath(dir);
        const { index, errors } = await pagefind.createIndex({});
        if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
        const added = await index.addDirectory({ path: site });
        if (added.errors.length) throw new Error(`Pagefind indexing failed: ${added.errors.join('; ')}`);
        await index.writeFiles({ outputPath: join(site, 'pagefind') });
        await pagefind.close();
        logger.info(`Indexed ${added.page_count} pages for search`);
      },
    },
  };
}
