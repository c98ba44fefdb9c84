import type { BlogPosting, BreadcrumbList, FAQPage, Review, Service, TravelAgency, WithContext } from 'schema-dts';
import type { PublishedReview } from './reviews/summary.ts';
import { RATING_SCALE } from './reviews/rating.ts';
import { canonicalUrl } from '@/lib/seo';
import type { SiteSettings } from '@/lib/site-schema';

export interface Crumb {
  name: string;
  path: string;
}

export interface Faq {
  question: string;
  answer: string;
}

/** The agency itself, for the home page. */
export function travelAgencyJsonLd(site: SiteSettings): WithContext<TravelAgency> {
  return {
    '@context': 'https://schema.org',
    '@type': 'TravelAgency',
    '@id': `${canonicalUrl(site.url, '/')}#agency`,
    name: site.name,
    legalName: site.legalName,
    description: site.description,
    url: canonicalUrl(site.url, '/'),
    logo: new URL('/icon-512.png', site.url).href,
    image: new URL('/og-default.png', site.url).href,
    telephone: site.phone.e164,
    email: site.email,
    foundingDate: String(site.claims.foundingYear),
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      addressLocality: site.address.locality,
      addressRegion: site.address.region,
      postalCode: site.address.postalCode,
      addressCountry: site.address.country,
    },
    areaServed: { '@type': 'Country', name: 'United States' },
    openingHoursSpecification: site.hours
      .filter((row) => row.opens && row.closes)
      .map((row) => ({
        '@type': 'OpeningHoursSpecification' as const,
        dayOfWeek: row.dayOfWeek,
        opens: row.opens ?? '',
        closes: row.closes ?? '',
      })),
    contactPoint: [
      { '@type': 'ContactPoint', contactType: 'customer service', telephone: site.phone.e164, email: site.email },
      {
        '@type': 'ContactPoint',
        contactType: 'emergency',
        telephone: site.emergencyPhone.e164,
        hoursAvailable: {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
          opens: '00:00',
          closes: '23:59',
        },
      },
    ],
    sameAs: site.social.map((link) => link.url),
  };
}

/** Breadcrumb trail; the first crumb is always the home page. */
export function breadcrumbJsonLd(crumbs: readonly Crumb[], site: SiteSettings): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem' as const,
      position: index + 1,
      name: crumb.name,
      item: canonicalUrl(site.url, crumb.path),
    })),
  };
}

/** Questions and answers shown on a page. */
export function faqJsonLd(faqs: readonly Faq[]): WithContext<FAQPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question' as const,
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer' as const, text: faq.answer },
    })),
  };
}

export interface PackageOffer {
  name: string;
  description: string;
  path: string;
  /** Price per person in USD, as a number. */
  price: number;
  image?: string;
  serviceType?: string;
  /** Set when the package is chosen and paid on Nusuk Hajj: then nothing says it is offered or provided by us. */
  bookedOn?: 'nusuk-hajj' | undefined;
  /** The published reviews the page shows in full (never an erased one, whose words are gone). */
  reviews?: readonly PublishedReview[];
}

/**
 * One published review as the page shows it: the name the traveller chose, the rating, the day it
 * was published and its words. Never an AggregateRating: Google gives self-serving ratings of the
 * agency no stars, and the package's block is a Service, which review snippets do not cover.
 */
export function reviewJsonLd(review: PublishedReview): Review {
  return {
    '@type': 'Review',
    author: { '@type': 'Person', name: review.displayName },
    reviewRating: {
      '@type': 'Rating',
      ratingValue: review.rating,
      bestRating: RATING_SCALE.highest,
      worstRating: RATING_SCALE.lowest,
    },
    datePublished: review.publishedAt.slice(0, 10),
    name: review.title,
    reviewBody: review.text,
  };
}

/**
 * A package as a Service with one in-stock Offer at its numeric USD price; a package booked on Nusuk
 * Hajj carries no Offer and no provider, since it is neither sold nor provided by the agency.
 */
export function packageServiceJsonLd(pkg: PackageOffer, site: SiteSettings): WithContext<Service> {
  const url = canonicalUrl(site.url, pkg.path);
  const service: WithContext<Service> = {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: pkg.name,
    description: pkg.description,
    serviceType: pkg.serviceType ?? 'Umrah Package',
    url,
    ...(pkg.image ? { image: new URL(pkg.image, site.url).href } : {}),
    areaServed: { '@type': 'Country', name: 'United States' },
  };
  const shown = (pkg.reviews ?? []).filter((review) => !review.erased);
  if (shown.length > 0) service.review = shown.map(reviewJsonLd);
  if (pkg.bookedOn) return service;
  return {
    ...service,
    provider: { '@type': 'TravelAgency', name: site.name, url: canonicalUrl(site.url, '/') },
    offers: {
      '@type': 'Offer',
      price: pkg.price,
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url,
    },
  };
}

export interface PostSummary {
  title: string;
  description: string;
  path: string;
  published: Date;
  updated?: Date;
  image?: string;
}

/** A guide as a BlogPosting published by the agency. */
export function blogPostingJsonLd(post: PostSummary, site: SiteSettings): WithContext<BlogPosting> {
  const url = canonicalUrl(site.url, post.path);
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description,
    url,
    mainEntityOfPage: url,
    datePublished: post.published.toISOString(),
    dateModified: (post.updated ?? post.published).toISOString(),
    image: new URL(post.image ?? '/og-default.png', site.url).href,
    author: { '@type': 'Organization', name: site.name, url: canonicalUrl(site.url, '/') },
    publisher: {
      '@type': 'Organization',
      name: site.name,
      logo: { '@type': 'ImageObject', url: new URL('/icon-512.png', site.url).href },
    },
  };
}

/** Serialises JSON-LD for a script tag, escaping `<` so no text can close the tag early. */
export function serializeJsonLd(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
