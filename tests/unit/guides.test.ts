import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { wordCount } from '@/lib/posts';
import { readCollection } from './support/content';

/** Guide bodies as the build reads them: frontmatter removed, underscore files (templates) skipped. */
const guides = readdirSync('src/content/blog')
  .filter((file) => file.endsWith('.mdx') && !file.startsWith('_'))
  .map((file) => ({ file, body: readFileSync(`src/content/blog/${file}`, 'utf8').replace(/^---[\s\S]*?\n---\n/, '') }));

describe('the guides', () => {
  it('are the fourteen the spec names', () => {
    expect(guides).toHaveLength(14);
  });

  it('each run to at least 1,200 words', () => {
    const short = guides
      .filter((guide) => wordCount(guide.body) < 1200)
      .map((guide) => `${guide.file}: ${wordCount(guide.body)}`);
    expect(short).toEqual([]);
  });

  it('never type a catalogue price: prices come from the price components', () => {
    const catalogue = new Set(
      [
        ...readCollection<{ price: number }>('packages').values(),
        ...readCollection<{ price: number }>('holidays').values(),
      ].map((item) => item.price),
    );
    const typed = guides.flatMap((guide) =>
      [...guide.body.matchAll(/\$(\d[\d,]*)/g)]
        .filter((match) => catalogue.has(Number(match[1]!.replaceAll(',', ''))))
        .map((match) => `${guide.file}: ${match[0]}`),
    );
    expect(typed).toEqual([]);
  });
});
