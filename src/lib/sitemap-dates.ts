/**
 * The sitemap's `<lastmod>`: a page whose copy carries its own dates (a guide's `updated`, a
 * listing page's `reviewed`, a company page's `updated`) gives search engines the latest of them;
 * a page without one (the catalogue's, the city pages) has no lastmod rather than a guessed one.
 */

/** The content folders whose entries carry dates, each with the path its entries are served at. */
export const DATED_CONTENT = {
  blog: (id: string) => `/blog/${id}`,
  // The Last 10 Days package has a page of its own under /package; the other listings are at their file name.
  landing: (id: string) => (id === 'ramadan-last-10-days' ? `/package/${id}` : `/${id}`),
  pages: (id: string) => `/${id}`,
} as const;

/** The latest `updated:` or `reviewed:` date in an MDX file's frontmatter (YYYY-MM-DD); undefined with none. */
export function frontmatterLastmod(source: string): string | undefined {
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '';
  const dates = [...frontmatter.matchAll(/^(?:updated|reviewed):\s*['"]?(\d{4}-\d{2}-\d{2})['"]?\s*$/gm)].map(
    (match) => match[1]!,
  );
  return dates.sort().at(-1);
}
