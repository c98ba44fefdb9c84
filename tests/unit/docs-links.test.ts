import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

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
