import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** Pages the foundation issue owns, with the h1 each must show. */
export const FOUNDATION_PAGES = [
  { path: '/', h1: 'Umrah from the USA, arranged with care, and honest guidance for Hajj' },
  { path: '/about-us', h1: 'About Us' },
  { path: '/contact-us', h1: 'Contact Us' },
  { path: '/privacy-policy', h1: 'Privacy Policy' },
  { path: '/terms-conditions', h1: 'Terms and Conditions' },
  { path: '/payment-security', h1: 'Payment Security' },
] as const;

/** Every page path in the built sitemap, read from dist so new pages join the gates by themselves. */
export function sitemapPaths(): string[] {
  const client = resolve('dist/client');
  const index = readFileSync(resolve(client, 'sitemap-index.xml'), 'utf8');
  const sitemapFiles = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  const paths = sitemapFiles.flatMap((file) => {
    const xml = readFileSync(resolve(client, `.${file}`), 'utf8');
    return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  });
  return [...new Set(paths)].sort();
}

/** The built HTML of a site path, as the server sends it: `/` is index.html, a missing page 404.html. */
export function builtHtml(path: string): string {
  const client = resolve('dist/client');
  const file = path === '/' ? 'index.html' : `${path.slice(1)}.html`;
  try {
    return readFileSync(resolve(client, file), 'utf8');
  } catch {
    return readFileSync(resolve(client, '404.html'), 'utf8');
  }
}
