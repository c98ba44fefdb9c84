/**
 * Plain functions over guides: which are published, their order, reading time and
 * category URLs. They take entries as arguments so unit tests run them without Astro.
 */
import { expandFactElements } from './fact-names.ts';

export interface PostFacts {
  id: string;
  body?: string | undefined;
  data: { published: Date; draft: boolean; category: string };
}

/** Published guides only: drafts are never listed or built. */
export function publishedOnly<T extends PostFacts>(posts: readonly T[]): T[] {
  return posts.filter((post) => !post.data.draft);
}

/** Newest first; equal dates fall back to the slug so the order is stable. */
export function newestFirst<T extends PostFacts>(posts: readonly T[]): T[] {
  return [...posts].sort((a, b) => b.data.published.getTime() - a.data.published.getTime() || a.id.localeCompare(b.id));
}

/** The words a reader reads: facts and seasons as printed; MDX imports, JSX tags, Markdown syntax and URLs stripped. */
function readableText(body: string): string {
  return expandFactElements(body)
    .replace(/^import .*$/gm, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\{[^}]*\}/g, ' x ')
    .replace(/\]\([^)]*\)/g, ' ')
    .replace(/[#*_>|`[\]-]+/g, ' ');
}

/** Word count of a guide's body, in any script (a word holds a letter or digit of any alphabet). */
export function wordCount(body: string): number {
  return readableText(body)
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Minutes to read at 220 words a minute, at least 1. */
export function readingMinutes(body: string, wordsPerMinute = 220): number {
  return Math.max(1, Math.round(wordCount(body) / wordsPerMinute));
}

/** URL segment of a guide category: "Travel" -> "travel". */
export function categorySlug(category: string): string {
  return category.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/** URL of a guide. */
export function postUrl(slug: string): string {
  return `/blog/${slug}`;
}

/** URL of a category's listing. */
export function categoryUrl(category: string): string {
  return `/blog/category/${categorySlug(category)}`;
}

/** Categories in use, in the order of `order`, so empty categories get no page or link. */
export function categoriesInUse(posts: readonly PostFacts[], order: readonly string[]): string[] {
  const used = new Set(posts.map((post) => post.data.category));
  return order.filter((category) => used.has(category));
}
