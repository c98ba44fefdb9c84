import { getCollection, getEntry, render, type CollectionEntry } from 'astro:content';
import { assertFactNames } from '@/lib/fact-names';
import { sortPackages } from '@/lib/catalogue';
import { newestFirst, publishedOnly } from '@/lib/posts';
import type { Faq } from '@/lib/json-ld';
import type { CatalogueEntry } from '@/lib/package-page';

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

/** The long copy of a listing page; fails the build when the file is missing. */
export async function landingEntry(id: string) {
  const entry = await getEntry('landing', id);
  if (!entry) throw new Error(`No listing copy src/content/landing/${id}.mdx`);
  return entry;
}

/** Every Umrah and Hajj package, in listing order. */
export async function allPackages() {
  return sortPackages(await getCollection('packages'));
}

/** Packages of one catalogue category, in listing order. */
export async function packagesIn(category: CollectionEntry<'packages'>['data']['category']) {
  return sortPackages(await getCollection('packages', (entry) => entry.data.category === category));
}

/** A package or holiday trip by id (the two collections share the `/package/{id}` space), if any. */
export async function catalogueEntry(id: string): Promise<CatalogueEntry | undefined> {
  return (await getEntry('packages', id)) ?? (await getEntry('holidays', id));
}

/** Every holiday trip, cheapest first. */
export async function allHolidays() {
  return (await getCollection('holidays')).sort((a, b) => a.data.price - b.data.price);
}

/** Holiday trips of one country, cheapest first. */
export async function holidaysIn(country: CollectionEntry<'holidays'>['data']['country']) {
  const trips = await getCollection('holidays', (entry) => entry.data.country === country);
  return trips.sort((a, b) => a.data.price - b.data.price);
}

/** Every published guide, newest first. */
export async function publishedPosts() {
  return newestFirst(publishedOnly(await getCollection('blog')));
}

/** Renders an MDX entry once its `<Fact>` and `<Season>` names are known; a typo fails the build naming the file. */
export async function renderMdx(entry: CollectionEntry<'blog' | 'landing' | 'pages' | 'translations'>) {
  assertFactNames(entry.filePath ?? entry.id, entry.body ?? '');
  return render(entry);
}
