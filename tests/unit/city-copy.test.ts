import { describe, expect, it } from 'vitest';
import { readCollection } from './support/content';

interface City {
  name: string;
  airports: { code: string }[];
  summary: string;
  bestTime: string;
  sections: { heading: string; paragraphs: string[] }[];
  faqs: { question: string; answer: string }[];
}

const cities = readCollection<City>('cities');

/** A city's copy as normalised sentences, with its own name and airport codes masked. */
function sentences(city: City): Set<string> {
  const text = [
    city.summary,
    city.bestTime,
    ...city.sections.flatMap((section) => [section.heading, ...section.paragraphs]),
    ...city.faqs.flatMap((faq) => [faq.question, faq.answer]),
  ].join(' ');
  let masked = text.replaceAll(city.name, 'CITY');
  for (const airport of city.airports) masked = masked.replaceAll(airport.code, 'AIRPORT');
  return new Set(
    masked
      .split(/(?<=[.!?])\s+/)
      .map((sentence) =>
        sentence
          .toLowerCase()
          .replace(/[^a-z ]+/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      )
      .filter((sentence) => sentence.split(' ').length >= 4),
  );
}

describe('city landing copy', () => {
  it('covers all seven departure cities', () => {
    expect([...cities.keys()].sort()).toEqual([
      'chicago',
      'dallas',
      'detroit',
      'houston',
      'los-angeles',
      'new-york',
      'washington',
    ]);
  });

  it('is written for each city: no two cities share more than a third of their sentences', () => {
    const entries = [...cities].map(([id, city]) => [id, sentences(city)] as const);
    const overlaps: string[] = [];
    for (const [i, [idA, a]] of entries.entries()) {
      for (const [idB, b] of entries.slice(i + 1)) {
        const shared = [...a].filter((sentence) => b.has(sentence)).length;
        const share = shared / Math.min(a.size, b.size);
        if (share > 1 / 3) overlaps.push(`${idA} ~ ${idB}: ${(share * 100).toFixed(0)}%`);
      }
    }
    expect(overlaps).toEqual([]);
  });

  it('tells Dallas visitors how to call or chat, and Detroit visitors about women-only groups', () => {
    expect(readCollection<{ showContactPanel?: boolean }>('cities').get('dallas')?.showContactPanel).toBe(true);
    expect(JSON.stringify(cities.get('detroit'))).toMatch(/women-only/i);
  });
});
