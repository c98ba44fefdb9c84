import { describe, expect, it } from 'vitest';
import {
  COMPARE_LIMIT,
  MAX_IDS_READ,
  addChoice,
  compareChatMessage,
  compareHref,
  listTitles,
  parseCompareIds,
  readChoice,
  removeChoice,
  selectForComparison,
} from '@/lib/compare-choice';
import { comparisonSections, rowCounts, type CompareRow } from '@/lib/compare-rows';
import type { CatalogueEntry } from '@/lib/package-page';
import { readCollection } from './support/content';

const parse = (query: string) => parseCompareIds(new URLSearchParams(query));

describe('reading the ids of a comparison', () => {
  it('reads a comma list and repeated parameters, in order', () => {
    expect(parse('ids=a,b,c').ids).toEqual(['a', 'b', 'c']);
    expect(parse('ids=a&ids=b&ids=c').ids).toEqual(['a', 'b', 'c']);
    expect(parse('ids=a,b&ids=c').ids).toEqual(['a', 'b', 'c']);
    expect(parse('ids=%20a%20,,b,').ids).toEqual(['a', 'b']);
  });

  it('drops duplicates and counts them', () => {
    expect(parse('ids=a,b,a&ids=b')).toEqual({ ids: ['a', 'b'], duplicates: 2, ignored: 0 });
  });

  it('ignores values that cannot be an id, without looking them up', () => {
    const long = 'a'.repeat(81);
    expect(parse(`ids=${long},Bad_Id,<script>,../etc,ok-1`)).toEqual({ ids: ['ok-1'], duplicates: 0, ignored: 4 });
    expect(parse('other=a').ids).toEqual([]);
  });

  it(`reads at most ${MAX_IDS_READ} values, however long the address`, () => {
    const many = Array.from({ length: 500 }, (_, index) => `p${index}`).join(',');
    const request = parse(`ids=${many}`);
    expect(request.ids).toHaveLength(MAX_IDS_READ);
    expect(request.ignored).toBe(500 - MAX_IDS_READ);
  });
});

describe('choosing what the table shows', () => {
  const found = new Map([
    ['a', 'A'],
    ['b', 'B'],
    ['c', 'C'],
    ['d', 'D'],
  ]);

  it(`keeps the first ${COMPARE_LIMIT} found, lists the rest and the missing`, () => {
    expect(selectForComparison(['gone', 'a', 'b', 'c', 'd'], found)).toEqual({
      compared: ['A', 'B', 'C'],
      left: ['D'],
      missing: ['gone'],
    });
  });

  it('finds nothing when no id is in the catalogue', () => {
    expect(selectForComparison(['x', 'y'], found)).toEqual({ compared: [], left: [], missing: ['x', 'y'] });
  });
});

describe("the tray's choice", () => {
  const item = (id: string) => ({ id, title: id.toUpperCase() });

  it('adds up to three and refuses a fourth', () => {
    let choice = [item('a'), item('b')];
    choice = addChoice(choice, item('c')).choice;
    expect(choice.map((chosen) => chosen.id)).toEqual(['a', 'b', 'c']);
    expect(addChoice(choice, item('d'))).toEqual({ choice, added: false });
    expect(addChoice(choice, item('b'))).toEqual({ choice, added: true });
    expect(removeChoice(choice, 'b').map((chosen) => chosen.id)).toEqual(['a', 'c']);
  });

  it('reads stored choices defensively', () => {
    expect(readChoice(null)).toEqual([]);
    expect(readChoice('not json')).toEqual([]);
    expect(readChoice('{"id":"a"}')).toEqual([]);
    const stored = JSON.stringify([
      item('a'),
      { id: 'Bad Id', title: 'x' },
      item('a'),
      item('b'),
      item('c'),
      item('d'),
    ]);
    expect(readChoice(stored)).toEqual([item('a'), item('b'), item('c')]);
  });

  it('links to the comparison and names the packages in the chat message', () => {
    expect(compareHref(['a', 'b'])).toBe('/compare?ids=a,b');
    expect(listTitles(['A'])).toBe('A');
    expect(listTitles(['A', 'B', 'C'])).toBe('A, B and C');
    expect(compareChatMessage('Hello!', ['A', 'B'], 'https://x.example/compare?ids=a,b')).toBe(
      'Hello! I am comparing A and B: https://x.example/compare?ids=a,b',
    );
  });
});

/** Catalogue entries read from the real YAML files, as the page receives them. */
const packages = readCollection<CatalogueEntry['data']>('packages');
const holidays = readCollection<CatalogueEntry['data']>('holidays');
const entry = (id: string): CatalogueEntry => {
  const data = packages.get(id) ?? holidays.get(id);
  if (!data) throw new Error(`no catalogue entry ${id}`);
  return { id, collection: packages.has(id) ? 'packages' : 'holidays', data } as CatalogueEntry;
};
const rowsOf = (...ids: string[]) => comparisonSections(ids.map(entry)).flatMap((section) => section.rows);
const byKey = (rows: CompareRow[], key: string) => rows.find((row) => row.key === key)!;
const texts = (row: CompareRow) => row.cells.map((cell) => cell.text);

describe('the comparison rows', () => {
  const chicago = '7-nights-4-star-chicago-umrah-package';
  const chicago5 = '7-nights-5-star-chicago-umrah-package';
  const dallas = 'dallas-7-nights-4-star';

  it('shows prices, nights split by city, hotels "or similar" and the departure', () => {
    const rows = rowsOf(chicago, 'umrah-without-flight-5-nights-3-star', 'shifting-hajj-4-nights-5-star');
    expect(texts(byKey(rows, 'price'))).toEqual(['$1,549', '$399', '$4,396']);
    expect(texts(byKey(rows, 'length'))).toEqual([
      '7 Nights',
      '5 Nights',
      'Aziziyah before the Hajj days, then 4 Nights',
    ]);
    expect(texts(byKey(rows, 'makkah-nights'))).toEqual(['4 Nights', '3 Nights', '4 Nights']);
    expect(texts(byKey(rows, 'madinah-nights'))).toEqual(['3 Nights', '2 Nights', 'No Madinah stay']);
    expect(texts(byKey(rows, 'stars'))).toEqual(['4 star', '3 star', '5 star']);
    expect(texts(byKey(rows, 'makkah-hotel'))[0]).toBe('4-star hotel on Ibrahim Al Khalil Street or similar');
    expect(texts(byKey(rows, 'makkah-distance'))).toEqual([
      '400 - 800 m from the mosque',
      '800 m - 1.5 km from the mosque',
      '200 - 400 m from the mosque',
    ]);
    expect(texts(byKey(rows, 'departure'))).toEqual([
      "O'Hare International Airport (ORD)",
      'Land only',
      'Set by the Nusuk package',
    ]);
    // A Hajj figure carries its card's label: our former list price, and how Nusuk Hajj prices relate (P01, P02).
    expect(byKey(rows, 'price').cells[2]!.note).toMatch(
      /^per person, our former list price, not a Nusuk Hajj price; Nusuk Hajj packages .* two or three times/,
    );
    expect(byKey(rows, 'departure').cells[2]!.note).toMatch(/some Nusuk packages include group flights/);
  });

  it('marks exactly the rows where the packages differ', () => {
    const rows = rowsOf(chicago, chicago5);
    const differing = rows.filter((row) => row.differs).map((row) => row.key);
    expect(differing).toEqual([
      'price',
      'stars',
      'makkah-hotel',
      'makkah-distance',
      'madinah-hotel',
      'madinah-distance',
    ]);
    expect(rows.filter((row) => row.key.startsWith('included-')).every((row) => !row.differs)).toBe(true);
    expect(rowCounts(comparisonSections([entry(chicago), entry(chicago5)]))).toEqual({
      rows: rows.length,
      differing: 6,
    });
  });

  it('gives each inclusion its own yes/no row, so a missing one shows', () => {
    const rows = rowsOf(chicago, dallas, 'umrah-without-flight-7-nights-4-star');
    const flightsFromOrd = rows.find((row) => row.label === 'Return flights from ORD')!;
    expect(flightsFromOrd.cells.map((cell) => cell.kind)).toEqual(['yes', 'no', 'no']);
    expect(flightsFromOrd.differs).toBe(true);
    const visa = rows.find((row) => row.label === 'Saudi visa processing')!;
    expect(visa.cells.map((cell) => cell.kind)).toEqual(['yes', 'yes', 'yes']);
    expect(visa.differs).toBe(false);
  });

  it('reads "Not applicable" where a holiday trip has no such thing, and days for its length', () => {
    const rows = rowsOf(chicago, 'istanbul-3-days-package');
    expect(texts(byKey(rows, 'length'))).toEqual(['7 Nights', '3 Days']);
    expect(byKey(rows, 'price').cells[1]).toEqual({ kind: 'value', text: '$899', note: 'was $1,199' });
    for (const key of ['makkah-nights', 'madinah-hotel', 'stars', 'departure']) {
      expect(byKey(rows, key).cells[1]).toEqual({ kind: 'not-applicable', text: 'Not applicable' });
      expect(byKey(rows, key).differs).toBe(true);
    }
  });

  it("gives a tier package that names no city its group's gateway, never flights from your own city", () => {
    const rows = rowsOf(chicago, 'economy-5-nights-umrah');
    expect(byKey(rows, 'departure').cells[1]).toEqual({
      kind: 'value',
      text: 'The US airport named on your quote',
      note: 'a connection from your own city is quoted on top',
    });
  });

  it('notes a real former price under the price', () => {
    const offer = entry(chicago);
    const reduced = { ...offer, data: { ...offer.data, originalPrice: 1700 } } as CatalogueEntry;
    const [facts] = comparisonSections([reduced, offer]);
    expect(facts!.rows[0]!.cells.map((cell) => cell.note)).toEqual(['was $1,700', undefined]);
    expect(facts!.rows[0]!.differs).toBe(true);
  });

  it('marks nothing for a single package', () => {
    expect(rowsOf(chicago).some((row) => row.differs)).toBe(false);
  });
});
