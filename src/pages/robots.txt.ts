import type { APIRoute } from 'astro';
import { site } from '@/lib/site';

/** robots.txt from the settings, pointing crawlers at the sitemap. */
export const GET: APIRoute = () =>
  new Response(`User-agent: *\nAllow: /\n\nSitemap: ${new URL('/sitemap-index.xml', site.url).href}\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
