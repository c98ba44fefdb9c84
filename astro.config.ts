import mdx from '@astrojs/mdx';
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, fontProviders } from 'astro/config';
import { interactDirective } from './src/integrations/interact-directive';
import { islandRuntime } from './src/integrations/island-runtime';
import { pagefindIndex } from './src/integrations/pagefind';
import { precompress } from './src/integrations/precompress';
import { contentLastmods } from './src/integrations/sitemap-dates';
import { subsetFonts } from './src/integrations/subset-fonts';
import { tailwindPropertiesOnce } from './src/integrations/tailwind-properties';
import { firstTouchScriptHash } from './src/lib/first-touch-script';
import { islandLoaderHash } from './src/lib/island-loader';
import { noScriptCssHash } from './src/lib/no-script';
import { leftOutOfSitemap } from './src/lib/private-paths';
import { sitemapAlternates } from './src/lib/i18n/page-links';
import { resolveSiteUrl } from './src/lib/site-url';

const lastmods = contentLastmods();

const [interFile, frauncesFile] = await subsetFonts([
  {
    source: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    name: 'inter.woff2',
    weight: { min: 400, max: 700 },
  },
  // Headings are all 400: one weight is 12.5 KB against 21.5 KB for 400-600. The semibold
  // wordmark (header, footer) is drawn bold by the browser from it.
  {
    source: '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
    name: 'fraunces.woff2',
    weight: 400,
  },
]);

export default defineConfig({
  site: resolveSiteUrl(process.env),
  // Served URLs equal canonical URLs: /about-us is dist/client/about-us.html, never a redirect.
  trailingSlash: 'never',
  build: { format: 'file' },
  output: 'static',
  // Our own server (src/server/main.ts) serves the built files and calls the entry's handler for the
  // rest: middleware mode starts no server of its own and serves no file.
  adapter: node({ mode: 'middleware' }),
  integrations: [
    react(),
    mdx(),
    // Error pages, the desk, the answers to a posted form, comparisons, the private links and the
    // server's internal routes are not for search engines (src/lib/private-paths.ts says which).
    sitemap({
      filter: (page) => !leftOutOfSitemap(new URL(page).pathname),
      // A page whose copy is dated (reviewed, updated) says when; the others give no date rather than the build's.
      // A translated page and its English page list each other and x-default (xhtml:link), from the same
      // list as their <link rel="alternate">; the integration's own `i18n` option has no x-default.
      serialize: (item) => {
        const lastmod = lastmods.get(new URL(item.url).pathname);
        const links = sitemapAlternates(item.url);
        return { ...item, ...(lastmod ? { lastmod } : {}), ...(links.length ? { links } : {}) };
      },
    }),
    interactDirective(),
    // Before Pagefind and precompress, which read the pages it rewrites.
    islandRuntime(),
    pagefindIndex(),
    // Last: compresses what every integration before it wrote, Pagefind's files included.
    precompress(),
  ],
  prefetch: false,
  // Shiki writes inline styles, which the hash-based CSP would block; guides need no code colouring.
  markdown: { syntaxHighlight: false },
  security: {
    // Astro compares Origin with the URL it rebuilds; behind a TLS proxy they differ and every lead
    // would get 403. The lead API needs no cookie, and its signed captcha stops cross-site posting.
    checkOrigin: false,
    csp: {
      // Pagefind's search runs WebAssembly, which CSP allows only with 'wasm-unsafe-eval'.
      // The public pages' own inline scripts (first-touch-script.ts, island-loader.ts) run by their hashes, never 'unsafe-inline'.
      scriptDirective: {
        resources: ["'self'", "'wasm-unsafe-eval'"],
        hashes: [firstTouchScriptHash(), islandLoaderHash()],
      },
      styleDirective: { resources: ["'self'"], hashes: [noScriptCssHash()] },
    },
  },
  // Self-hosted from @fontsource packages (subset above): the local provider reads the files, nothing is fetched.
  fonts: [
    {
      provider: fontProviders.local(),
      name: 'Inter',
      cssVariable: '--font-inter',
      fallbacks: ['system-ui', 'sans-serif'],
      options: {
        variants: [
          {
            src: [interFile!],
            weight: '400 700',
            style: 'normal',
          },
        ],
      },
    },
    {
      provider: fontProviders.local(),
      name: 'Fraunces',
      cssVariable: '--font-fraunces',
      fallbacks: ['Georgia', 'serif'],
      options: {
        variants: [
          {
            src: [frauncesFile!],
            weight: '400',
            style: 'normal',
          },
        ],
      },
    },
  ],
  image: { responsiveStyles: false },
  vite: { plugins: [tailwindcss(), tailwindPropertiesOnce()] },
});
