import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { AstroIntegration } from 'astro';
import { PRECOMPRESSED, isCompressible, type ContentCoding } from '../lib/precompressed.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The strongest settings: the work is done once per build, the bytes are saved on every visit. */
const COMPRESS: Record<ContentCoding, (data: Buffer) => Promise<Buffer>> = {
  br: (data) =>
    brotliAsync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  gzip: (data) => gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
};

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every text file of the build, so the
 * server sends bytes compressed once at build time instead of compressing each page per request.
 * Register it last: it must see the files other integrations (Pagefind) write on `astro:build:done`.
 */
export function precompress(): AstroIntegration {
  return {
    name: 'miqat:precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const root = fileURLToPath(dir);
        const files = (await readdir(root, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile() && isCompressible(entry.name))
          .map((entry) => join(entry.parentPath, entry.name));
        const bytes = { source: 0, br: 0, gzip: 0 };
        let skipped = 0;
        // Each file runs both codings at once; zlib works on libuv's threads, one file per core keeps them busy.
        await eachLimited(files, availableParallelism(), async (file) => {
          const source = await readFile(file);
          bytes.source += source.length;
          await Promise.all(
            PRECOMPRESSED.map(async ({ coding, suffix }) => {
              const compressed = await COMPRESS[coding](source);
              if (compressed.length < source.length) {
                bytes[coding] += compressed.length;
                await writeFile(file + suffix, compressed);
              } else {
                bytes[coding] += source.length;
                skipped += 1;
                // A stale sibling from an earlier build would otherwise be served for the new file.
                await rm(file + suffix, { force: true });
              }
            }),
          );
        });
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        logger.info(
          `Precompressed ${files.length} files, ${kb(bytes.source)} → br ${kb(bytes.br)}, gzip ${kb(bytes.gzip)} ` +
            `(${skipped} variants not smaller, left out) in ${seconds} s`,
        );
      },
    },
  };
}
