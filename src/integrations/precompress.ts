import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
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
/** Part of every cache key: a change of settings above must change it, so no old output is reused. */
const SETTINGS_VERSION = 'br11-text/gzip9/v1';

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
 * Brotli at quality 11 takes about 1 s per MB, so outputs are kept in Astro's cache folder by content
 * hash and a rebuild compresses only files that changed; entries the build did not use are removed.
 * Register it last: it must see the files other integrations (Pagefind) write on `astro:build:done`.
 */
export function precompress(): AstroIntegration {
  let cacheDir = '';
  return {
    name: 'miqat:precompress',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = join(fileURLToPath(config.cacheDir), 'precompress');
      },
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const root = fileURLToPath(dir);
        await mkdir(cacheDir, { recursive: true });
        const files = (await readdir(root, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile() && isCompressible(entry.name))
          .map((entry) => join(entry.parentPath, entry.name));
        const bytes = { source: 0, br: 0, gzip: 0 };
        /** Per cache key, its output: files with the same content (and the same coding) share one. */
        const outputs = new Map<string, Promise<Buffer>>();
        let skipped = 0;
        let compressed = 0;
        const makeOrReuse = async (key: string, source: Buffer, coding: ContentCoding): Promise<Buffer> => {
          const cached = await readFile(join(cacheDir, key)).catch(() => null);
          if (cached) return cached;
          const output = await COMPRESS[coding](source);
          // Empty stands for "not smaller": a compressed output is never empty.
          const kept = output.length < source.length ? output : Buffer.alloc(0);
          compressed += 1;
          // Written aside and renamed, so an interrupted build never leaves a truncated entry.
          const temporary = join(cacheDir, `${key}.${process.pid}.tmp`);
          await writeFile(temporary, kept);
          await rename(temporary, join(cacheDir, key));
          return kept;
        };
        /** The coding's output for `source`, from the cache or made now; empty when it is not smaller. */
        const variantOf = (source: Buffer, coding: ContentCoding): Promise<Buffer> => {
          const key = createHash('sha256').update(`${SETTINGS_VERSION}\n${coding}\n`).update(source).digest('hex');
          if (!outputs.has(key)) outputs.set(key, makeOrReuse(key, source, coding));
          return outputs.get(key)!;
        };
        // Each file runs both codings at once; zlib works on libuv's threads, one file per core keeps them busy.
        await eachLimited(files, availableParallelism(), async (file) => {
          const source = await readFile(file);
          bytes.source += source.length;
          await Promise.all(
            PRECOMPRESSED.map(async ({ coding, suffix }) => {
              const output = await variantOf(source, coding);
              if (output.length > 0) {
                bytes[coding] += output.length;
                await writeFile(file + suffix, output);
              } else {
                bytes[coding] += source.length;
                skipped += 1;
                // A stale sibling from an earlier build would otherwise be served for the new file.
                await rm(file + suffix, { force: true });
              }
            }),
          );
        });
        for (const entry of await readdir(cacheDir)) {
          if (!outputs.has(entry)) await rm(join(cacheDir, entry), { force: true });
        }
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        logger.info(
          `Precompressed ${files.length} files, ${kb(bytes.source)} → br ${kb(bytes.br)}, gzip ${kb(bytes.gzip)} ` +
            `(${skipped} variants not smaller, left out; ${compressed} of ${files.length * PRECOMPRESSED.length} ` +
            `made now, the rest from the cache) in ${seconds} s`,
        );
      },
    },
  };
}
