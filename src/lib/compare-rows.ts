import { daysLabel, formatPrice, nightsLabel } from '@/lib/format';
import { distanceLabel, durationText, hotelLabel, isHoliday, priceUnit, type CatalogueEntry } from '@/lib/package-page';

/** A cell of the comparison: a value, a yes or no for an inclusion, or a row that does not apply. */
export interface CompareCell {
  kind: 'value' | 'yes' | 'no' | 'not-applicable';
  text: string;
  /** Second line, e.g. the struck-through original price. */
  note?: string | undefined;
}

export interface CompareRow {
  key: string;
  label: string;
  /** One cell per package, in column order. */
  cells: CompareCell[];
  /** True when the packages do not all read the same. */
  differs: boolean;
}

export interface CompareSection {
  key: 'facts' | 'included';
  heading: string;
  rows: CompareRow[];
}

const NOT_APPLICABLE: CompareCell = { kind: 'not-applicable', text: 'Not applicable' };
const value = (text: string, note?: string): CompareCell => ({ kind: 'value', text, note });

type Stay = { nights: number; hotel: string; distance: string };

/** A row whose cells come from a package's stay in one city; holiday trips have none. */
function stayCell(entry: CatalogueEntry, city: 'makkah' | 'madinah', read: (stay: Stay) => string): CompareCell {
  if (isHoliday(entry)) return NOT_APPLICABLE;
  const stay = entry.data[city];
  return stay ? value(read(stay)) : value(`No ${city === 'makkah' ? 'Makkah' : 'Madinah'} stay`);
}

/** Departure airport, "land only" for packages without flights, not applicable to holiday trips. */
function departureCell(entry: CatalogueEntry): CompareCell {
  if (isHoliday(entry)) return NOT_APPLICABLE;
  if (entry.data.departureAirport) return value(entry.data.departureAirport);
  if (entry.data.bookedOn)
    return value('Set by the Nusuk package', 'some Nusuk packages include group flights, others do not');
  return entry.data.category === 'without-flight'
    ? value('Land only', 'book your own flights')
    : value('The US airport named on your quote', 'a connection from your own city is quoted on top');
}

const FACT_ROWS: { key: string; label: string; cell: (entry: CatalogueEntry) => CompareCell }[] = [
  {
    key: 'price',
    label: 'Price per person',
    // A Hajj figure carries the same label as its card: our former list price, and how Nusuk Hajj prices relate.
    cell: (entry) =>
      isHoliday(entry) || !entry.data.bookedOn
        ? value(
            formatPrice(entry.data.price),
            entry.data.originalPrice ? `was ${formatPrice(entry.data.originalPrice)}` : undefined,
          )
        : value(formatPrice(entry.data.price), priceUnit(entry.data.bookedOn)),
  },
  {
    key: 'length',
    label: 'Length',
    cell: (entry) => value(isHoliday(entry) ? daysLabel(entry.data.days) : durationText(entry.data)),
  },
  { key: 'makkah-nights', label: 'Nights in Makkah', cell: (e) => stayCell(e, 'makkah', (s) => nightsLabel(s.nights)) },
  {
    key: 'madinah-nights',
    label: 'Nights in Madinah',
    cell: (e) => stayCell(e, 'madinah', (s) => nightsLabel(s.nights)),
  },
  {
    key: 'stars',
    label: 'Hotel rating',
    cell: (entry) =>
      isHoliday(entry) ? NOT_APPLICABLE : value(`${entry.data.stars} star${entry.data.deluxe ? ', deluxe' : ''}`),
  },
  { key: 'makkah-hotel', label: 'Makkah hotel', cell: (e) => stayCell(e, 'makkah', (s) => hotelLabel(s.hotel)) },
  {
    key: 'makkah-distance',
    label: 'Makkah hotel distance',
    cell: (e) => stayCell(e, 'makkah', (s) => distanceLabel(s.distance)),
  },
  { key: 'madinah-hotel', label: 'Madinah hotel', cell: (e) => stayCell(e, 'madinah', (s) => hotelLabel(s.hotel)) },
  {
    key: 'madinah-distance',
    label: 'Madinah hotel distance',
    cell: (e) => stayCell(e, 'madinah', (s) => distanceLabel(s.distance)),
  },
  { key: 'departure', label: 'Departure', cell: departureCell },
];

const sameCell = (a: CompareCell, b: CompareCell) => a.kind === b.kind && a.text === b.text && a.note === b.note;

/** A row with its cells, marked when they are not all alike. */
function row(key: string, label: string, cells: CompareCell[]): CompareRow {
  return { key, label, cells, differs: cells.some((cell) => !sameCell(cell, cells[0]!)) };
}

/** Every inclusion of the packages, once each, in the order they are first listed. */
function allInclusions(entries: readonly CatalogueEntry[]): string[] {
  return [...new Set(entries.flatMap((entry) => entry.data.inclusions))];
}

/** The comparison table's rows: facts, then each inclusion as its own yes/no row. */
export function comparisonSections(entries: readonly CatalogueEntry[]): CompareSection[] {
  const facts = FACT_ROWS.map((fact) => row(fact.key, fact.label, entries.map(fact.cell)));
  const included = allInclusions(entries).map((inclusion, index) =>
    row(
      `included-${index}`,
      inclusion,
      entries.map((entry) =>
        entry.data.inclusions.includes(inclusion)
          ? { kind: 'yes', text: 'Included' }
          : { kind: 'no', text: 'Not included' },
      ),
    ),
  );
  return [
    { key: 'facts', heading: 'Price, stay and hotels', rows: facts },
    { key: 'included', heading: 'What is included', rows: included },
  ];
}

/** How many rows the comparison has, and in how many the packages differ. */
export function rowCounts(sections: readonly CompareSection[]): { rows: number; differing: number } {
  const rows = sections.flatMap((section) => section.rows);
  return { rows: rows.length, differing: rows.filter((row) => row.differs).length };
}
