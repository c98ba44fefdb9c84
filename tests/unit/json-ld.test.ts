import { describe, expect, it } from 'vitest';
import {
  blogPostingJsonLd,
  breadcrumbJsonLd,
  faqJsonLd,
  packageServiceJsonLd,
  reviewJsonLd,
  serializeJsonLd,
  travelAgencyJsonLd,
} from '@/lib/json-ld';
import type { PublishedReview } from '@/lib/reviews/summary';
import { site } from '@/lib/site';

const settings = { ...site, url: 'https://miqat-travel.example' };

/** What a crawler reads: the JSON text parsed back, without the schema-dts types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const plain = (data: object): any => JSON.parse(serializeJsonLd(data));

describe('travelAgencyJsonLd', () => {
  const agency = plain(travelAgencyJsonLd(settings));

  it('describes the agency with founding year, address and phone from the settings', () => {
    expect(agency['@type']).toBe('TravelAgency');
    expect(agency['foundingDate']).toBe('2008');
    expect(agency['telephone']).toBe(site.phone.e164);
    expect(agency['address']).toMatchObject({ addressLocality: 'Austin', addressRegion: 'TX', addressCountry: 'US' });
  });

  it('lists opening hours only for the days the office opens', () => {
    const hours = agency['openingHoursSpecification'];
    expect(hours).toEqual([
      expect.objectContaining({
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '09:00',
        closes: '18:00',
      }),
      expect.objectContaining({ dayOfWeek: ['Saturday'], opens: '10:00', closes: '16:00' }),
    ]);
  });
});

describe('breadcrumbJsonLd', () => {
  it('numbers the crumbs from 1 with canonical URLs', () => {
    const list = plain(
      breadcrumbJsonLd(
        [
          { name: 'Home', path: '/' },
          { name: 'Contact Us', path: '/contact-us/' },
        ],
        settings,
      ),
    );
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://miqat-travel.example/' },
      { '@type': 'ListItem', position: 2, name: 'Contact Us', item: 'https://miqat-travel.example/contact-us' },
    ]);
  });
});

describe('faqJsonLd', () => {
  it('turns each question into a Question with an accepted Answer', () => {
    const faq = plain(faqJsonLd([{ question: 'Is the visa included?', answer: 'Yes, in every package.' }]));
    expect(faq.mainEntity[0]).toMatchObject({
      name: 'Is the visa included?',
      acceptedAnswer: { text: 'Yes, in every package.' },
    });
  });
});

describe('packageServiceJsonLd', () => {
  it('offers the package at a numeric USD price, in stock, as an Umrah Package service', () => {
    const service = plain(
      packageServiceJsonLd(
        {
          name: 'Economy 5 Nights Umrah',
          description: 'Five nights.',
          path: '/package/economy-5-nights-umrah',
          price: 899,
        },
        settings,
      ),
    );
    expect(service.serviceType).toBe('Umrah Package');
    expect(service.offers).toMatchObject({
      price: 899,
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: 'https://miqat-travel.example/package/economy-5-nights-umrah',
    });
    expect(typeof service.offers.price).toBe('number');
  });

  it('gives a package chosen and paid on Nusuk Hajj no Offer and no provider: it is not bought from us', () => {
    const service = plain(
      packageServiceJsonLd(
        {
          name: 'Non-Shifting Hajj 21 Nights 4 Star Classic',
          description: 'An indicative Nusuk Hajj package.',
          path: '/package/non-shifting-hajj-21-nights-4-star-classic',
          price: 4022,
          serviceType: 'Hajj Package',
          bookedOn: 'nusuk-hajj',
        },
        settings,
      ),
    );
    expect(service).toMatchObject({ '@type': 'Service', serviceType: 'Hajj Package' });
    expect(service).not.toHaveProperty('offers');
    expect(service).not.toHaveProperty('provider');
    expect(JSON.stringify(service)).not.toContain('4022');
  });
});

describe('blogPostingJsonLd', () => {
  it('dates the post and names the agency as author and publisher', () => {
    const post = plain(
      blogPostingJsonLd(
        {
          title: 'Umrah guide',
          description: 'Step by step.',
          path: '/blog/guide',
          published: new Date('2026-01-05T00:00:00Z'),
        },
        settings,
      ),
    );
    expect(post.datePublished).toBe('2026-01-05T00:00:00.000Z');
    expect(post.dateModified).toBe(post.datePublished);
    expect(post.author.name).toBe('Miqat Travel');
    expect(post.url).toBe('https://miqat-travel.example/blog/guide');
  });
});

describe('serializeJsonLd', () => {
  it('cannot close its script tag early', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});

const published = (overrides: Partial<PublishedReview> = {}): PublishedReview => ({
  quoteId: 'q1',
  packageSlug: 'economy-5-nights-umrah',
  rating: 4,
  hotels: { makkah: 'yes' },
  title: 'Close to the Haram',
  text: 'The Makkah hotel was the one on our quote.',
  displayName: 'Layla H.',
  city: 'Houston',
  travelledOn: '2027-03-10',
  publishedAt: '2027-04-02T15:04:05.000Z',
  reply: null,
  erased: false,
  language: 'en',
  ...overrides,
});

const economy = { name: 'Economy 5 Nights Umrah', description: 'Five nights.', path: '/package/x', price: 899 };

describe('reviewJsonLd', () => {
  it('states the name shown, the rating out of 5, the day published and the words', () => {
    expect(plain(reviewJsonLd(published()))).toEqual({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Layla H.' },
      reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
      datePublished: '2027-04-02',
      name: 'Close to the Haram',
      reviewBody: 'The Makkah hotel was the one on our quote.',
    });
  });
});

describe('packageServiceJsonLd with reviews', () => {
  it('nests the shown reviews in the package’s own block and never an AggregateRating, here or on the agency', () => {
    const service = plain(
      packageServiceJsonLd(
        { ...economy, reviews: [published(), published({ quoteId: 'q2', rating: 2, displayName: 'Omar S.' })] },
        settings,
      ),
    );
    expect(service.review.map((review: { author: { name: string } }) => review.author.name)).toEqual([
      'Layla H.',
      'Omar S.',
    ]);
    expect(service).not.toHaveProperty('aggregateRating');
    expect(JSON.stringify(service)).not.toContain('AggregateRating');
    expect(JSON.stringify(plain(travelAgencyJsonLd(settings)))).not.toMatch(/aggregateRating|Review/i);
  });

  it('leaves out an erased person’s review (its words are gone) and has no review property without any', () => {
    const onlyErased = plain(packageServiceJsonLd({ ...economy, reviews: [published({ erased: true })] }, settings));
    expect(onlyErased).not.toHaveProperty('review');
    expect(plain(packageServiceJsonLd(economy, settings))).not.toHaveProperty('review');
  });
});
