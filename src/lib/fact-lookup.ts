import { MONTHS, type Season, type SeasonName } from './facts-schema.ts';
import { facts, seasonNote, seasons } from './facts.ts';

/** What `<Season show="…">` and `{{season:name.show}}` can print besides the season's named days. */
export const SEASON_SHOWS = ['label', 'year', 'hijri', 'hijriYear', 'hijriDays', 'dates', 'note'] as const;

const MONTH_NAMES = MONTHS.map((month) => month[0]!.toUpperCase() + month.slice(1));

/** "15 May 2027", read from an ISO day without time-zone drift. */
function longDay(iso: string): { day: number; month: string; year: number } {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return { day, month: MONTH_NAMES[month - 1]!, year };
}

/** "14–19 May 2027", "27 February – 9 March 2027" or "15 May 2027". */
export function formatDayRange(from: string, to?: string): string {
  const a = longDay(from);
  if (!to || to === from) return `${a.day} ${a.month} ${a.year}`;
  const b = longDay(to);
  if (a.year !== b.year) return `${a.day} ${a.month} ${a.year} – ${b.day} ${b.month} ${b.year}`;
  if (a.month !== b.month) return `${a.day} ${a.month} – ${b.day} ${b.month} ${b.year}`;
  return `${a.day}–${b.day} ${b.month} ${b.year}`;
}

/** The text one view of a season prints, or undefined for an unknown view. */
function seasonView(season: Season, show: string): string | undefined {
  const year = season.start.slice(0, 4);
  switch (show) {
    case 'label':
      return `${season.name} ${year} (${season.hijriYear} AH)`;
    case 'year':
      return year;
    case 'hijri':
      return `${season.hijriYear} AH`;
    case 'hijriYear':
      return String(season.hijriYear);
    case 'hijriDays':
      return season.hijriDays;
    case 'dates':
      return `about ${formatDayRange(season.start, season.end)}`;
    case 'note':
      return seasonNote;
  }
  const day = season.days[show];
  return day && `about ${formatDayRange(day.from, day.to)}`;
}

/** A season's text (`seasonText('hajj', 'year')` is "2027"), or undefined when either name is unknown. */
export function seasonText(name: string, show: string): string | undefined {
  if (!Object.hasOwn(seasons, name)) return undefined;
  return seasonView(seasons[name as SeasonName], show);
}

/** Every `name.show` a `{{season:…}}` placeholder may use. */
export const SEASON_NAMES: readonly string[] = Object.entries(seasons).flatMap(([name, season]) =>
  [...SEASON_SHOWS, ...Object.keys(season.days)]
    .filter((show) => seasonView(season, show))
    .map((show) => `${name}.${show}`),
);

const celsiusRange = (t: { low: number; high: number }) =>
  `${t.low}–${t.high} °C (${Math.round((t.low * 9) / 5 + 32)}–${Math.round((t.high * 9) / 5 + 32)} °F)`;

/** Texts computed from structured facts: monthly weather and the card fee. */
function derivedFacts(): [string, string, readonly string[]][] {
  const { months, watch } = facts.weather;
  const weather = MONTHS.map((month): [string, string, readonly string[]] => [
    `weather.${month}`,
    `Makkah about ${celsiusRange(months[month].makkah)} and Madinah about ${celsiusRange(months[month].madinah)}`,
    month === 'december' ? watch : [],
  ]);
  const { percent, watch: feeWatch } = facts.payment.cardFee;
  const cardFee =
    percent > 0
      ? `a ${percent}% fee on payments by credit card, kept by us and shown before you pay; debit and prepaid cards carry no fee`
      : 'no fee on payments by card';
  return [...weather, ['payment.cardFee', cardFee, feeWatch], ['payment.cardFee.percent', String(percent), []]];
}

/** Every fact as name → text: each `{ text }` node, its scalar values (`visa.validity.maxStayDays`) and the derived texts. */
function flatten(): Map<string, { text: string; watch: readonly string[] }> {
  const flat = new Map<string, { text: string; watch: readonly string[] }>();
  for (const [group, entries] of Object.entries(facts)) {
    for (const [key, node] of Object.entries(entries)) {
      if (typeof node !== 'object' || node === null || !('text' in node)) continue;
      const name = `${group}.${key}`;
      flat.set(name, { text: String(node.text), watch: 'watch' in node ? (node.watch as string[]) : [] });
      for (const [field, value] of Object.entries(node)) {
        if (field !== 'text' && (typeof value === 'string' || typeof value === 'number')) {
          flat.set(`${name}.${field}`, { text: String(value), watch: [] });
        }
      }
    }
  }
  for (const [name, text, watch] of derivedFacts()) flat.set(name, { text, watch });
  return flat;
}

const FLAT = flatten();

/** Every name `<Fact name="…">` and `{{fact:…}}` accept. */
export const FACT_NAMES: readonly string[] = [...FLAT.keys()];

/** A fact's inline text, or undefined for an unknown name. */
export function factText(name: string): string | undefined {
  return FLAT.get(name)?.text;
}

/** Phrases that restate a fact by hand, each with the fact copy should use instead. */
export const WATCHED_PHRASES: readonly { phrase: string; fact: string }[] = [...FLAT].flatMap(([fact, { watch }]) =>
  watch.map((phrase) => ({ phrase, fact })),
);

/** `{{fact:visa.processing}}` or `{{season:hajj.year}}`; names are dotted camelCase words. */
export const PLACEHOLDER = /\{\{\s*(fact|season)\s*:\s*([A-Za-z0-9.]+)\s*\}\}/g;

/** The text a placeholder stands for, or undefined when its name is unknown. */
export function placeholderText(kind: string, name: string): string | undefined {
  if (kind === 'fact') return factText(name);
  const dot = name.indexOf('.');
  return dot > 0 ? seasonText(name.slice(0, dot), name.slice(dot + 1)) : undefined;
}

/** Placeholders in `text` whose names are unknown, as written. */
export function unknownPlaceholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].filter(([, kind, name]) => !placeholderText(kind!, name!)).map(([all]) => all);
}

/** Replaces every placeholder in `text`; throws naming `where` and the placeholder when one is unknown. */
export function resolvePlaceholders(text: string, where: string): string {
  const unknown = unknownPlaceholders(text);
  if (unknown.length) throw new Error(`${where}: unknown ${unknown.join(', ')} (see src/lib/facts.ts for the names)`);
  return text.replace(PLACEHOLDER, (_, kind: string, name: string) => placeholderText(kind, name)!);
}

/** Every season whose expected dates ended before `today`, for the content check's reminder. */
export function pastSeasons(today: Date): { name: string; end: string }[] {
  const day = today.toISOString().slice(0, 10);
  return Object.entries(seasons)
    .filter(([, season]) => season.end < day)
    .map(([name, season]) => ({ name, end: season.end }));
}

/** The seller-of-travel registrations set in src/lib/facts.ts, as the footer prints them. */
export function registrationLines(): string[] {
  const { californiaCst, other } = facts.registrations;
  return [
    ...(californiaCst ? [`California Seller of Travel Reg. No. ${californiaCst}`] : []),
    ...Object.entries(other).map(([state, number]) => `${state} Seller of Travel Reg. No. ${number}`),
  ];
}
