import { MONTHS } from './facts-schema.ts';
import { facts } from './facts.ts';
import { formatPrice } from './format.ts';
import { seasonText } from './seasons.ts';

export { pastSeasons, seasonText } from './seasons.ts';

const celsiusRange = (t: { low: number; high: number }) =>
  `${t.low}–${t.high} °C (${Math.round((t.low * 9) / 5 + 32)}–${Math.round((t.high * 9) / 5 + 32)} °F)`;

const dollarRange = (range: { low: number; high: number }) => `${formatPrice(range.low)} to ${formatPrice(range.high)}`;

/** The sample week's spending beyond the package: each estimate, the meals for seven days and their sum. */
function budgetFacts(): [string, string, readonly string[]][] {
  const { mealsPerDay, taxisPerWeek, dataPlan, gifts, vaccine } = facts.budget;
  const mealsWeek = { low: mealsPerDay.low * 7, high: mealsPerDay.high * 7 };
  const week = [mealsWeek, taxisPerWeek, dataPlan, gifts];
  const total = {
    low: week.reduce((sum, range) => sum + range.low, 0),
    high: week.reduce((sum, range) => sum + range.high, 0),
  };
  return [
    ['budget.food', `roughly ${dollarRange(mealsPerDay)} per person a day for meals outside the package`, []],
    ['budget.mealsPerDay', `${dollarRange(mealsPerDay)} a day`, []],
    ['budget.mealsWeek', `about ${dollarRange(mealsWeek)}`, []],
    ['budget.taxisPerWeek', `about ${dollarRange(taxisPerWeek)}`, []],
    ['budget.dataPlan', `about ${dollarRange(dataPlan)}`, []],
    ['budget.gifts', `about ${dollarRange(gifts)}`, []],
    ['budget.weekTotal', `about ${dollarRange(total)}`, []],
    ['budget.vaccine', `about ${dollarRange(vaccine)}`, []],
  ];
}

/** Texts computed from structured facts: monthly weather, the sample budget and the card fee. */
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
  const example = 2000;
  const fee = (example * percent) / 100;
  const cardFeeExample =
    percent > 0
      ? `a payment of ${formatPrice(example)} by credit card carries a fee of ${formatPrice(fee)}, ${formatPrice(example + fee)} in all, while the same payment by debit card is ${formatPrice(example)}`
      : `a payment of ${formatPrice(example)} is ${formatPrice(example)} by any card`;
  return [
    ...weather,
    ...budgetFacts(),
    ['payment.cardFee', cardFee, feeWatch],
    ['payment.cardFee.percent', String(percent), []],
    ['payment.cardFee.example', cardFeeExample, []],
  ];
}

/**
 * Phrases that restate a fact, read from its own values so they follow an edit: a hotel band as
 * the catalogue writes it and in words ("800 m to 1.5 km"), and a range of business days. The
 * check unifies dashes and spaces, so "5-10" also catches "5–10" and "5 - 10".
 */
function derivedWatch(node: object): string[] {
  const phrases: string[] = [];
  if ('band' in node && node.band !== 'adjacent')
    phrases.push(String(node.band), String(node.band).replace(' - ', ' to '));
  if ('minBusinessDays' in node && 'maxBusinessDays' in node) {
    const { minBusinessDays: min, maxBusinessDays: max } = node;
    phrases.push(`${min} to ${max} business days`, `${min}-${max} business days`);
  }
  return phrases;
}

interface FlatFact {
  text: string;
  watch: readonly string[];
  /** The distance band a hotel fact describes; a package may state its own band. */
  band?: string;
}

/** A fact node: its text, watched phrases and band, its scalar values, and any nested fact (`health.acwy.hajj`). */
function addFact(flat: Map<string, FlatFact>, name: string, node: object & { text: unknown }): void {
  const watch = [...derivedWatch(node), ...('watch' in node ? (node.watch as string[]) : [])];
  flat.set(name, { text: String(node.text), watch, ...('band' in node && { band: String(node.band) }) });
  for (const [field, value] of Object.entries(node)) {
    if (field !== 'text' && (typeof value === 'string' || typeof value === 'number')) {
      flat.set(`${name}.${field}`, { text: String(value), watch: [] });
    } else if (typeof value === 'object' && value !== null && 'text' in value) {
      addFact(flat, `${name}.${field}`, value);
    }
  }
}

/** Every fact as name → text: each `{ text }` node, its scalar values (`visa.validity.maxStayDays`) and the derived texts. */
function flatten(): Map<string, FlatFact> {
  const flat = new Map<string, FlatFact>();
  for (const [group, entries] of Object.entries(facts)) {
    for (const [key, node] of Object.entries(entries)) {
      if (typeof node !== 'object' || node === null || !('text' in node)) continue;
      addFact(flat, `${group}.${key}`, node);
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
export const WATCHED_PHRASES: readonly { phrase: string; fact: string; band?: string }[] = [...FLAT].flatMap(
  ([fact, { watch, band }]) => watch.map((phrase) => ({ phrase, fact, ...(band && { band }) })),
);

/**
 * `{{fact:visa.processing}}` or `{{season:hajj.year}}`; names are dotted camelCase words.
 * `{{Fact:…}}` (capital F) starts a sentence: the text's first letter is upper-cased.
 */
export const PLACEHOLDER = /\{\{\s*([Ff]act|[Ss]eason)\s*:\s*([A-Za-z0-9.]+)\s*\}\}/g;

/** The text with its first letter upper-cased, for a fact that starts a sentence. */
export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The text a placeholder stands for, or undefined when its name is unknown. */
export function placeholderText(kind: string, name: string): string | undefined {
  const dot = name.indexOf('.');
  const text =
    kind.toLowerCase() === 'fact'
      ? factText(name)
      : dot > 0
        ? seasonText(name.slice(0, dot), name.slice(dot + 1))
        : undefined;
  return text !== undefined && kind[0] === kind[0]!.toUpperCase() ? capitalize(text) : text;
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
