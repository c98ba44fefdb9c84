import type { ImageMetadata } from 'astro';
import type { CollectionEntry } from 'astro:content';
import { daysLabel } from '@/lib/format';
import { durationText } from '@/lib/package-page';
import { packageUrl } from '@/lib/urls';

/** What a package card shows, for Umrah and Hajj packages and holiday trips alike. */
export interface CardData {
  id: string;
  title: string;
  /** "7 Nights" or "3 Days". */
  duration: string;
  price: number;
  originalPrice?: number | undefined;
  image: { src: ImageMetadata; alt: string };
  href: string;
  features?: readonly string[];
  /** Set for a package chosen and paid on Nusuk Hajj: its price is indicative, not ours. */
  bookedOn?: 'nusuk-hajj' | undefined;
}

/** Card for an Umrah or Hajj package. */
export function packageCard(entry: CollectionEntry<'packages'>): CardData {
  const [image] = entry.data.images;
  return {
    id: entry.id,
    title: entry.data.title,
    duration: durationText(entry.data),
    price: entry.data.price,
    originalPrice: entry.data.originalPrice,
    bookedOn: entry.data.bookedOn,
    image: image!,
    href: packageUrl(entry.id),
  };
}

/** Card for a holiday trip, with its four features and struck-through original price. */
export function holidayCard(entry: CollectionEntry<'holidays'>): CardData {
  const [image] = entry.data.images;
  return {
    id: entry.id,
    title: entry.data.title,
    duration: daysLabel(entry.data.days),
    price: entry.data.price,
    originalPrice: entry.data.originalPrice,
    image: image!,
    href: packageUrl(entry.id),
    features: entry.data.features,
  };
}
