import { getEntry } from 'astro:content';
import type { Faq } from '@/lib/json-ld';

/** The FAQ list stored for a page; a missing file fails the build rather than hiding the section. */
export async function faqsFor(page: string): Promise<Faq[]> {
  const entry = await getEntry('faqs', page);
  if (!entry) throw new Error(`No FAQ file src/content/faqs/${page}.yaml`);
  return entry.data.items;
}

/** An MDX page entry that a route depends on; fails the build when the file is missing. */
export async function pageEntry(id: string) {
  const entry = await getEntry('pages', id);
  if (!entry) throw new Error(`No page file src/content/pages/${id}.mdx`);
  return entry;
}
