/**
 * Which built files get brotli and gzip siblings (`about-us.html.br`, `about-us.html.gz`): shared by
 * the build step that writes them and the server that picks one, so a file the build compresses is
 * always one the server answers with `Vary: Accept-Encoding`. Runs on Node's type stripping.
 */
import { extname } from 'node:path';

/** Text formats worth compressing; images, fonts and Pagefind's own (already gzipped) files are not. */
const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.html',
  '.css',
  '.js',
  '.mjs',
  '.svg',
  '.xml',
  '.json',
  '.txt',
  '.webmanifest',
]);

/** The precompressed siblings, in the server's order of preference when the browser accepts both. */
export const PRECOMPRESSED = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

export type ContentCoding = (typeof PRECOMPRESSED)[number]['coding'];

/** True when a built file is a text format the build compresses, judged by its extension. */
export function isCompressible(path: string): boolean {
  return COMPRESSIBLE_EXTENSIONS.has(extname(path).toLowerCase());
}
