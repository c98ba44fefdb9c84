import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { wordCount } from '@/lib/posts';
import { readCollection } from './support/content';

/** Guide bodies as the build reads them: frontmatter removed, underscore files (templates) skipped. */
const mdxIn = (folder: string) =>
  readdirSync(folder)
    .filter((file) => file.endsWith('.mdx') && !file.startsWith('_'))
    .map((file) => ({ file, body: readFileSync(`${folder}/${file}`, 'utf8').replace(/^---[\s\S]*?\n---\n/, '') }));
const guides = mdxIn('src/content/blog');
/** Guides and listing-page copy with their frontmatter (FAQ answers carry prices too). */
const copy = ['src/content/blog', 'src/content/landing'].flatMap((folder) =>
  readdirSync(folder)
    .filter((file) => file.endsWith('.mdx') && !file.startsWith('_'))
    .map((file) => ({ file, text: readFileSync(`${folder}/${file}`, 'utf8') })),
);

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

  it('never type a "from" price: the lowest price comes from the catalogue (decisions.md, Packages)', () => {
    // The spec's "luxury Hajj from $8,850" described no package and is dropped (decisions.md, second round).
    const typed = copy.flatMap(({ file, text }) =>
      [...text.matchAll(/from \$(\d[\d,]*)/gi)].map((match) => `${file}: ${match[0]}`),
    );
    expect(typed).toEqual([]);
  });
});
