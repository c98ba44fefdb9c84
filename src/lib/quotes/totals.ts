/**
 * A quote's figures, worked out from its lines every time they are shown or checked: staff never
 * type a total, so a total can never disagree with its lines. All amounts are integer cents.
 */
import type { LineKind, QuoteDraft, QuoteLine } from './model.ts';
import { sumCents } from './money.ts';

/** Lines whose people sleep in a shared (or single) room: the adults' prices. */
const ROOM_SHARING_KINDS = ['quad', 'triple', 'double', 'single'] as const satisfies readonly LineKind[];
const CHILD_KINDS: readonly LineKind[] = ['child-with-bed', 'child-without-bed'];

export interface QuoteTotals {
  /** Each line's total, in the order of the lines. */
  lineCents: number[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
}

export interface Travellers {
  /** People on the room-sharing lines (an older child priced as an adult counts here). */
  adults: number;
  children: number;
  infants: number;
  /** Everyone travelling; extras are items, not people, and are not counted. */
  total: number;
  /** How many on each kind of line, extras left out. */
  byKind: Partial<Record<Exclude<LineKind, 'extra'>, number>>;
}

/** A line's total: its price per person (or per item) times how many. */
export function lineTotalCents(line: Pick<QuoteLine, 'unitCents' | 'count'>): number {
  return line.unitCents * line.count;
}

/** The lines' totals, their sum, the discount and the total; the validation refuses a discount above the subtotal. */
export function quoteTotals(draft: Pick<QuoteDraft, 'lines' | 'discount'>): QuoteTotals {
  const lineCents = draft.lines.map(lineTotalCents);
  const subtotalCents = sumCents(lineCents);
  const discountCents = draft.discount?.amountCents ?? 0;
  return { lineCents, subtotalCents, discountCents, totalCents: subtotalCents - discountCents };
}

/** Who travels, by kind of line: the deposit is taken per traveller and the quote page says "2 adults, 1 child". */
export function travellersOf(lines: readonly Pick<QuoteLine, 'kind' | 'count'>[]): Travellers {
  const byKind: Travellers['byKind'] = {};
  for (const line of lines) {
    if (line.kind !== 'extra') byKind[line.kind] = (byKind[line.kind] ?? 0) + line.count;
  }
  const countOf = (kinds: readonly LineKind[]) => sumCounts(kinds.map((kind) => byKind[kind as keyof typeof byKind]));
  const adults = countOf(ROOM_SHARING_KINDS);
  const children = countOf(CHILD_KINDS);
  const infants = byKind.infant ?? 0;
  return { adults, children, infants, total: adults + children + infants, byKind };
}

function sumCounts(counts: (number | undefined)[]): number {
  return counts.reduce<number>((total, count) => total + (count ?? 0), 0);
}
