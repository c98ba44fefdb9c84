import { describe, expect, it } from 'vitest';
import {
  packageFacts,
  packageOfferOf,
  packageTitles,
  parentListing,
  serviceType,
  summaryLine,
  takesReviews,
  type CatalogueEntry,
} from '@/lib/package-page';

const stay = (nights: number, distance: string) => ({ nights, hotel: '4-star hotel in Ajyad', stars: 4, distance });

const cityPackage = {
  id: '7-nights-4-star-chicago-umrah-package',
  collection: 'packages',
  data: {
    title: 'Chicago 7 Nights 4 Star Umrah Package',
    category: 'city',
    city: { id: 'chicago', collection: 'cities' },
    nights: 7,
    stars: 4,
    deluxe: false,
    price: 1549,
    makkah: stay(4, '400 - 800 m'),
    madinah: stay(3, 'adjacent'),
    departureAirport: "O'Hare International Airport (ORD)",
  },
} as unknown as CatalogueEntry;

const shiftingHajj = {
  id: 'shifting-hajj-4-nights-5-star',
  collection: 'packages',
  data: { category: 'hajj-shifting', nights: 4, stars: 5, deluxe: false, price: 4396, makkah: stay(4, '200 - 400 m') },
} as unknown as CatalogueEntry;

const holiday = {
  id: 'istanbul-3-days-package',
  collection: 'holidays',
  data: { title: 'Istanbul 3 Days Package', country: 'turkey', days: 3, price: 899, originalPrice: 1199 },
} as unknown as CatalogueEntry;

describe('package page facts', () => {
  it('lists nights, hotels "or similar" with their distance, and the airport', () => {
    expect(packageFacts(cityPackage)).toEqual([
      { label: 'Duration', value: '7 Nights' },
      { label: 'Hotels', value: '4 star' },
      { label: 'Makkah', value: '4 Nights · 4-star hotel in Ajyad or similar, 400 - 800 m from the mosque' },
      { label: 'Madinah', value: '3 Nights · 4-star hotel in Ajyad or similar, next to the mosque' },
      { label: 'Departs from', value: "O'Hare International Airport (ORD)" },
    ]);
  });

  it('leaves out a Madinah stay the package does not have', () => {
    expect(packageFacts(shiftingHajj).map((fact) => fact.label)).toEqual(['Duration', 'Hotels', 'Makkah']);
  });

  it('counts days for holiday trips', () => {
    expect(packageFacts(holiday)).toEqual([{ label: 'Duration', value: '3 Days' }]);
    expect(summaryLine(holiday)).toBe('per person · 3 Days');
  });

  it('names the service type and the parent listing for breadcrumbs', () => {
    expect(serviceType(cityPackage)).toBe('Umrah Package');
    expect(serviceType(shiftingHajj)).toBe('Hajj Package');
    expect(parentListing(cityPackage, 'Chicago')).toEqual({ name: 'Chicago Umrah Packages', path: '/chicago-umrah' });
    expect(parentListing(shiftingHajj)).toEqual({ name: 'Shifting Hajj', path: '/shifting-hajj' });
    expect(parentListing(holiday)).toEqual({ name: 'Islamic Holidays', path: '/islamic-holidays' });
    expect(summaryLine(cityPackage)).toBe('per person · 7 Nights · 4 star');
  });
});

describe('packageOfferOf', () => {
  const hajj = {
    id: 'non-shifting-hajj-21-nights-4-star-classic',
    collection: 'packages',
    data: {
      title: 'Non-Shifting Hajj 21 Nights',
      description: 'An indicative Nusuk Hajj package.',
      category: 'hajj-non-shifting',
      price: 4022,
      bookedOn: 'nusuk-hajj',
      images: [{ src: { src: '/_astro/hajj.Ab12.jpg' }, alt: 'Mina' }],
    },
  } as unknown as CatalogueEntry;
  const trip = {
    ...holiday,
    data: { ...holiday.data, description: 'Three days.', images: [{ src: { src: '/_astro/ist.jpg' }, alt: '' }] },
  } as unknown as CatalogueEntry;

  it('states the package as its page does, with the reviews it shows', () => {
    const reviews = [{ quoteId: 'q1' }] as never[];
    expect(packageOfferOf(hajj, reviews)).toEqual({
      name: 'Non-Shifting Hajj 21 Nights',
      description: 'An indicative Nusuk Hajj package.',
      path: '/package/non-shifting-hajj-21-nights-4-star-classic',
      price: 4022,
      image: '/_astro/hajj.Ab12.jpg',
      serviceType: 'Hajj Package',
      bookedOn: 'nusuk-hajj',
      reviews,
    });
    expect(packageOfferOf(trip)).toMatchObject({
      serviceType: 'Islamic Holiday Package',
      bookedOn: undefined,
      reviews: [],
    });
  });

  it('takes reviews for packages and holiday trips booked with us, never for one chosen and paid on Nusuk Hajj', () => {
    expect(takesReviews(hajj)).toBe(false);
    expect(takesReviews(trip)).toBe(true);
    expect(takesReviews(cityPackage)).toBe(true);
  });
});

describe('packageTitles', () => {
  it('maps each slug to its title, packages and holiday trips alike', () => {
    expect(packageTitles([cityPackage, holiday])).toEqual(
      new Map([
        ['7-nights-4-star-chicago-umrah-package', 'Chicago 7 Nights 4 Star Umrah Package'],
        ['istanbul-3-days-package', 'Istanbul 3 Days Package'],
      ]),
    );
  });
});
