import { describe, expect, it } from 'vitest';
import {
  categoriesInUse,
  categorySlug,
  categoryUrl,
  newestFirst,
  postUrl,
  publishedOnly,
  readingMinutes,
  wordCount,
  type PostFacts,
} from '@/lib/posts';

const post = (id: string, published: string, draft = false, category = 'Planning'): PostFacts => ({
  id,
  data: { published: new Date(published), draft, category },
});

describe('guide queries', () => {
  const posts = [
    post('old', '2024-02-01'),
    post('draft', '2026-10-01', true),
    post('new', '2026-05-01'),
    post('mid', '2025-01-01'),
  ];

  it('never lists drafts', () => {
    expect(publishedOnly(posts).map((p) => p.id)).toEqual(['old', 'new', 'mid']);
  });

  it('sorts newest first', () => {
    expect(newestFirst(publishedOnly(posts)).map((p) => p.id)).toEqual(['new', 'mid', 'old']);
  });

  it('lists only categories that have guides, in the given order', () => {
    const mixed = [post('a', '2025-01-01', false, 'Visa'), post('b', '2025-01-01', false, 'Family')];
    expect(categoriesInUse(mixed, ['Planning', 'Family', 'Visa'])).toEqual(['Family', 'Visa']);
  });
});

describe('reading time', () => {
  it('counts the words a reader reads, not markup', () => {
    const body = [
      "import { site } from '@/lib/site';",
      '## Heading here',
      'One two three [four](/link-with-many-words) five.',
      '<Callout type="tip" title="Ignored title words">six seven</Callout>',
      '| eight | nine |',
    ].join('\n');
    expect(wordCount(body)).toBe(11);
  });

  it('counts a fact or season as the words it prints', () => {
    // "Hajj 2027 (1448 AH)" is four words; "valid for one year, for multiple entries, with stays of up to 90 days" is fourteen.
    expect(wordCount('Plan <Season name="hajj" /> now.')).toBe(6);
    expect(wordCount('The eVisa is <Fact name="visa.validity" />.')).toBe(3 + 14);
  });

  it('counts words in every script, so a translated guide reads as long as it is', () => {
    // Every translated guide said "1 min read": only words with a Latin letter or digit were counted.
    expect(wordCount('## ধাপ ১: ইহরাম\nমীকাত পার হওয়ার আগে নিয়ত করুন।')).toBe(9);
    expect(wordCount('میقات سے پہلے احرام باندھیں۔')).toBe(5);
    expect(wordCount('أحرِموا قبل الميقات.')).toBe(3);
    expect(readingMinutes('ওমরাহ '.repeat(1320))).toBe(6);
  });

  it('rounds to whole minutes at 220 words a minute, never below one', () => {
    expect(readingMinutes('word '.repeat(1320))).toBe(6);
    expect(readingMinutes('just a few words')).toBe(1);
  });
});

describe('guide URLs', () => {
  it('builds post and category URLs', () => {
    expect(postUrl('umrah-weather-guide-what-to-expect')).toBe('/blog/umrah-weather-guide-what-to-expect');
    expect(categorySlug('Travel')).toBe('travel');
    expect(categoryUrl('Visa')).toBe('/blog/category/visa');
  });
});
