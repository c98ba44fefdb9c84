import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INTERNAL_PATHS, SERVER_PATHS } from '@/lib/private-paths';

const DOCS = ['README.md', 'CONTRIBUTING.md', ...readdirSync('docs').map((file) => join('docs', file))].filter((file) =>
  file.endsWith('.md'),
);

/** The text outside fenced code blocks, where a link or a path is prose, not an example. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

/** GitHub's anchor for each heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const [, heading = ''] of prose(markdown).matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    found.add(count ? `${slug}-${count}` : slug);
  }
  return found;
}

describe('the README and docs/', () => {
  it('are all found', () => {
    expect(DOCS).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/operations.md']));
  });

  it.each(DOCS)('%s links only to files and headings that exist', (file) => {
    const broken: string[] = [];
    for (const [, target = ''] of prose(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      const [path = '', anchor] = target.split('#');
      const resolved = path ? join(dirname(file), path) : file;
      if (!existsSync(resolved)) broken.push(`${target}: no file ${resolved}`);
      else if (anchor !== undefined && !anchors(readFileSync(resolved, 'utf8')).has(anchor))
        broken.push(`${target}: no heading #${anchor} in ${resolved}`);
    }
    expect(broken).toEqual([]);
  });

  it.each(DOCS)('%s names only files and folders of the repository that exist', (file) => {
    const missing = [...prose(readFileSync(file, 'utf8')).matchAll(/`((?:src|scripts|tests|deploy|docs)\/[^`\s]*)`/g)]
      .map(([, path = '']) => path.replace(/\/$/, ''))
      .filter((path) => !/[*{}<>…]/.test(path) && !existsSync(path));
    expect(missing).toEqual([]);
  });
});

describe("docs/operations.md's CDN recipe", () => {
  /** The first column of the recipe's table: the paths a CDN must pass to the server. */
  function recipePaths(): string[] {
    const section = readFileSync('docs/operations.md', 'utf8')
      .split('### Static pages on a CDN, the API behind it')[1]!
      .split('\n#')[0]!;
    return [...section.matchAll(/^\| (.+?) +\|/gm)].flatMap(([, cell = '']) =>
      [...cell.matchAll(/`([^`]+)`/g)].map(([, path = '']) => path),
    );
  }

  it('lists every path that must reach the server (SERVER_PATHS in src/lib/private-paths.ts), and not the internal routes', () => {
    const listed = recipePaths();
    expect(SERVER_PATHS.filter((path) => !listed.includes(path))).toEqual([]);
    for (const path of INTERNAL_PATHS) expect(listed).not.toContain(path);
  });

  it('says that pages served from disk or a CDN show reviews only as of the last build, here and in "Who serves dist/client"', () => {
    const operations = readFileSync('docs/operations.md', 'utf8');
    const cdn = operations.split('### Static pages on a CDN, the API behind it')[1]!.split('\n### ')[0]!;
    const proxy = operations.split('**Who serves `dist/client`.**')[1]!.split('\n### ')[0]!;
    for (const text of [cdn, proxy]) expect(text.replace(/\s+/g, ' ')).toMatch(/reviews only as of the last build/);
  });
});
