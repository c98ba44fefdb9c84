import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from '@/integrations/precompress';

/** Runs the integration's two hooks over a real folder, as `astro build` does; returns what it logged. */
async function build(client: string, cache: string): Promise<string> {
  const { hooks } = precompress();
  const messages: string[] = [];
  const logger = { info: (message: string) => messages.push(message) };
  await hooks['astro:config:done']!({ config: { cacheDir: pathToFileURL(`${cache}/`) } } as never);
  await hooks['astro:build:done']!({ dir: pathToFileURL(`${client}/`), logger } as never);
  return messages.join('\n');
}

const page = `<!doctype html><title>Hajj</title>${'<p>Arafat is the heart of Hajj.</p>'.repeat(300)}`;
let root: string;

afterEach(() => rmSync(root, { recursive: true, force: true }));

function site(files: Record<string, string>): { client: string; cache: string } {
  root = mkdtempSync(join(tmpdir(), 'miqat-precompress-'));
  const client = join(root, 'client');
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(client, path, '..'), { recursive: true });
    writeFileSync(join(client, path), content);
  }
  return { client, cache: join(root, 'cache') };
}

describe('precompress', () => {
  it('writes brotli and gzip copies of text files that decode to the file, and nothing for images', async () => {
    const { client, cache } = site({ 'index.html': page, '_astro/app.js': page, 'pagefind/entry.json': page });
    writeFileSync(join(client, 'photo.png'), Buffer.from(page));
    const log = await build(client, cache);
    for (const file of ['index.html', '_astro/app.js', 'pagefind/entry.json']) {
      expect(brotliDecompressSync(readFileSync(join(client, `${file}.br`))).toString()).toBe(page);
      expect(gunzipSync(readFileSync(join(client, `${file}.gz`))).toString()).toBe(page);
    }
    expect(existsSync(join(client, 'photo.png.br'))).toBe(false);
    expect(log).toMatch(/^Precompressed 3 files, 31 kB → br \d kB, gzip \d kB/);
  });

  it('leaves out a copy that is not smaller, and removes an old one left beside it', async () => {
    const { client, cache } = site({ 'robots.txt': 'x', 'robots.txt.gz': 'stale' });
    await build(client, cache);
    expect(existsSync(join(client, 'robots.txt.br'))).toBe(false);
    expect(existsSync(join(client, 'robots.txt.gz'))).toBe(false);
  });

  it('reuses cached output for unchanged files and never for changed ones', async () => {
    const { client, cache } = site({ 'index.html': page, 'about-us.html': `${page}<p>About</p>` });
    expect(await build(client, cache)).toContain('4 of 4 made now');
    const firstBrotli = readFileSync(join(client, 'index.html.br'));

    writeFileSync(join(client, 'about-us.html'), `${page}<p>About us, revised</p>`);
    rmSync(join(client, 'index.html.br'));
    expect(await build(client, cache)).toContain('2 of 4 made now');
    expect(readFileSync(join(client, 'index.html.br'))).toEqual(firstBrotli);
    expect(brotliDecompressSync(readFileSync(join(client, 'about-us.html.br'))).toString()).toContain('revised');
  });
});
