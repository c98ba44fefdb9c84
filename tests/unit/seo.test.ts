import { describe, expect, it } from 'vitest';
import { buildHead, canonicalUrl, packageDescription, pageTitle, publicPath, summarize, svgDataUrl } from '@/lib/seo';
import { site } from '@/lib/site';

const settings = { ...site, url: 'https://miqat-travel.example' };

function metaContent(head: ReturnType<typeof buildHead>, key: string): string | undefined {
  return head.meta.find((tag) => tag.name === key || tag.property === key)?.content;
}

describe('canonicalUrl', () => {
  it('keeps the root slash', () => {
    expect(canonicalUrl('https://miqat-travel.example', '/')).toBe('https://miqat-travel.example/');
    expect(canonicalUrl('https://miqat-travel.example/', '')).toBe('https://miqat-travel.example/');
  });

  it('strips trailing slashes from every other path', () => {
    expect(canonicalUrl('https://miqat-travel.example', '/about-us/')).toBe('https://miqat-travel.example/about-us');
    expect(canonicalUrl('https://miqat-travel.example', '/blog/post//')).toBe('https://miqat-travel.example/blog/post');
  });

  it('drops query strings and fragments and is absolute on the configured origin', () => {
    expect(canonicalUrl('https://miqat-travel.example', '/contact-us?x=1#form')).toBe(
      'https://miqat-travel.example/contact-us',
    );
    expect(canonicalUrl('https://agency.example/', '/terms-conditions')).toBe(
      'https://agency.example/terms-conditions',
    );
  });
});

describe('buildHead with a query', () => {
  it('keeps it in the canonical and og:url, for a page whose bare address answers 404', () => {
    const head = buildHead(
      { title: 'Enquiry sent', description: 'Sent.', path: '/enquiry/sent', query: 'form=contact', noindex: true },
      settings,
    );
    expect(head.canonical).toBe('https://miqat-travel.example/enquiry/sent?form=contact');
    expect(metaContent(head, 'og:url')).toBe(head.canonical);
  });
});

describe('pageTitle', () => {
  it('appends the agency name once', () => {
    expect(pageTitle('Contact Us', 'Miqat Travel')).toBe('Contact Us | Miqat Travel');
    expect(pageTitle('Miqat Travel | Umrah', 'Miqat Travel')).toBe('Miqat Travel | Umrah');
  });
});

describe('buildHead', () => {
  const head = buildHead(
    {
      title: 'About Us',
      description: 'About the agency and its values.',
      path: '/about-us/',
      keywords: ['umrah', 'hajj'],
    },
    settings,
  );

  it('sets og:url equal to the canonical URL', () => {
    expect(head.canonical).toBe('https://miqat-travel.example/about-us');
    expect(metaContent(head, 'og:url')).toBe(head.canonical);
  });

  it('carries the fixed social, locale, geo and robots tags', () => {
    expect(head.title).toBe('About Us | Miqat Travel');
    expect(metaContent(head, 'og:site_name')).toBe('Miqat Travel');
    expect(metaContent(head, 'og:locale')).toBe('en_US');
    expect(metaContent(head, 'geo.region')).toBe('US');
    expect(metaContent(head, 'robots')).toBe('index, follow');
    expect(metaContent(head, 'revisit-after')).toBe('7 days');
    expect(metaContent(head, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(head, 'keywords')).toBe('umrah, hajj');
    expect(metaContent(head, 'description')).toBe('About the agency and its values.');
  });

  it("gives X's card the title, description and picture once, in Open Graph, which X falls back to", () => {
    expect(metaContent(head, 'og:title')).toBe('About Us | Miqat Travel');
    expect(metaContent(head, 'og:description')).toBe('About the agency and its values.');
    for (const repeated of ['twitter:title', 'twitter:description', 'twitter:image'])
      expect(metaContent(head, repeated), repeated).toBeUndefined();
    expect(metaContent(head, 'twitter:image:alt')).toBe(metaContent(head, 'og:image:alt'));
  });

  it('uses the default 1200x630 share image as an absolute URL', () => {
    expect(metaContent(head, 'og:image')).toBe('https://miqat-travel.example/og-default.png');
    expect(metaContent(head, 'og:image:width')).toBe('1200');
    expect(metaContent(head, 'og:image:height')).toBe('630');
  });

  it('marks pages that must stay out of search results', () => {
    const notFound = buildHead(
      { title: '404', description: 'Not found page text.', path: '/404', noindex: true },
      settings,
    );
    expect(metaContent(notFound, 'robots')).toBe('noindex, follow');
    expect(metaContent(notFound, 'keywords')).toBeUndefined();
  });
});

describe('publicPath', () => {
  it('maps built file names to the URLs the server answers', () => {
    expect(publicPath('/about-us.html')).toBe('/about-us');
    expect(publicPath('/index.html')).toBe('/');
    expect(publicPath('/blog/index.html')).toBe('/blog');
    expect(publicPath('/contact-us/')).toBe('/contact-us');
    expect(publicPath('/')).toBe('/');
  });
});

describe('share image', () => {
  it('describes the default image with the agency name from the settings', () => {
    const head = buildHead(
      { title: 'X page', description: 'A page description long enough.', path: '/x' },
      {
        ...settings,
        name: 'Another Agency',
      },
    );
    expect(metaContent(head, 'og:image:alt')).toBe('The Kaaba at dusk beside the name Another Agency');
  });

  it('describes the default image in the page’s language, keeping the agency name as it is', () => {
    const head = buildHead(
      { title: 'X page', description: 'A page description long enough.', path: '/ar/x', lang: 'ar' },
      { ...settings, name: 'Another Agency' },
    );
    expect(metaContent(head, 'og:image:alt')).toBe('الكعبة المشرفة عند الغروب، وإلى جانبها اسم Another Agency');
    expect(metaContent(head, 'twitter:image:alt')).toBe(metaContent(head, 'og:image:alt'));
  });
});

describe('summarize', () => {
  it('keeps short text and cuts long text at a word boundary', () => {
    expect(summarize('Short text.')).toBe('Short text.');
    const long = 'word '.repeat(60).trim();
    const result = summarize(long, 50);
    expect(result.length).toBeLessThanOrEqual(50);
    expect(result.endsWith('word…')).toBe(true);
  });
});

describe('packageDescription', () => {
  const shared =
    'Umrah in the US winter break, when the heat eases (Makkah about 20–32 °C and Madinah about 13–26 °C): 3 nights in Makkah and 2 in Madinah in 4-star hotels.';

  it('keeps a description that fits whole', () => {
    expect(packageDescription('Economy 5 Nights', 'Five nights, guided.')).toBe('Five nights, guided.');
  });

  it('leads a cut description with the title, so packages that open alike read apart', () => {
    const four = packageDescription('December Umrah 5 Nights 4 Star', `${shared} ${'More words. '.repeat(5)}`);
    const five = packageDescription('December Umrah 5 Nights 5 Star', `${shared} ${'More words. '.repeat(5)}`);
    expect(four).toMatch(/^December Umrah 5 Nights 4 Star: Umrah in the US winter break.*…$/);
    expect(four.length).toBeLessThanOrEqual(160);
    expect(four).not.toBe(five);
  });
});

describe('svgDataUrl', () => {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">\n  <path fill="#c89b3c" d="M32 2l8.79 8.79Z"/>\n</svg>\n';

  it('gives a URL that decodes back to the drawing, with single quotes', () => {
    const url = svgDataUrl(svg);
    expect(url.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(url.slice('data:image/svg+xml,'.length))).toBe(
      `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'> <path fill='#c89b3c' d='M32 2l8.79 8.79Z'/> </svg>`,
    );
  });

  it('holds nothing that would end the attribute, start a fragment, read as an escape or break the URL', () => {
    const url = svgDataUrl(`${svg}<text>100% "A&B"</text>`);
    expect(url).not.toMatch(/["#<>\s]|%(?![0-9A-F]{2})/);
    expect(url).toContain("d='M32%202l8.79%208.79Z'");
  });
});
