import { claimText } from '../claims.ts';
import { MONTHS } from '../facts-schema.ts';
import type { Season, SeasonName } from '../facts-schema.ts';
import { capitalize, factText, PLACEHOLDER } from '../fact-lookup.ts';
import { facts } from '../facts.ts';
import { formatPrice } from '../format.ts';
import { seasons, seasonText } from '../seasons.ts';
import { facts as arFacts } from './ar/facts.ts';
import { facts as bnFacts } from './bn/facts.ts';
import { formatDayIn } from './dates.ts';
import { LANGUAGE_INFO, type Language, type TranslatedLanguage } from '../languages.ts';
import { formatNumberIn } from './numbers.ts';
import type { FactPhrasebook } from './phrasebook.ts';
import { facts as urFacts } from './ur/facts.ts';

/**
 * Facts and seasons in a translation's language. Each language keeps a phrasebook (`ur/facts.ts`…)
 * that says each fact in its own words with `{slots}` where the values go; the values come from
 * the fact itself (its structured fields, or the figures its English text writes, `{#1}` for the
 * first), formatted in the language, so a phrase never holds a number and a changed fact changes
 * every language at once. Seasons are computed from their dates (Intl's calendars), never typed.
 * Plain Node imports this file (the content check), so imports stay relative and nothing Astro-side.
 */

const PHRASEBOOKS: Readonly<Record<TranslatedLanguage, FactPhrasebook>> = { ur: urFacts, ar: arFacts, bn: bnFacts };

/** A piece of a fact in a language; `ltr` marks a figure a family reads out (a price), isolated in right-to-left text. */
export interface Part {
  text: string;
  ltr?: true;
}

/** Joins parts into plain text, for titles, descriptions and anything that carries no markup. */
export const partsText = (parts: readonly Part[]) => parts.map((part) => part.text).join('');

/**
 * The MDX expressions of the English sources that are English phrases, each with the fact a
 * translation writes in their place (`<Fact name="site.replyTime" />` for `{site.claims.replyTime}`);
 * the content check counts the two as the same placeholder.
 */
export const EXPRESSION_FACTS: Readonly<Record<string, string>> = {
  'site.claims.replyTime': 'site.replyTime',
  'site.claims.yearsExperience': 'site.yearsExperience',
  'site.claims.support': 'site.support',
  'site.claims.foundingYear': 'site.foundingYear',
  "claimText(site.claims,'customers','travelers')": 'site.customers',
  "claimText(site.claims,'visaSuccess')": 'site.visaSuccess',
};

/**
 * The settings the `site.*` facts read, by their shape: the settings' schema names the languages staff
 * speak, so this room cannot import it back.
 */
interface SiteFactSettings {
  claims: Parameters<typeof claimText>[0];
  hajj: { role: string };
}

/** The English texts of the `site.*` facts, read from the agency's settings, as the English page prints them. */
export function siteFactTexts({ claims, hajj }: SiteFactSettings): Record<string, string> {
  return {
    'site.hajj.role': hajj.role,
    'site.replyTime': claims.replyTime,
    'site.yearsExperience': claims.yearsExperience,
    'site.support': claims.support,
    'site.customers': claimText(claims, 'customers', 'travelers'),
    'site.foundingYear': String(claims.foundingYear),
    'site.visaSuccess': claimText(claims, 'visaSuccess'),
  };
}

/** A figure with its unit in the language's own words from Intl ("800 میٹر"), or a range of two. */
function unitIn(lang: Language, unit: string, low: number, high?: number): string {
  const format = new Intl.NumberFormat(LANGUAGE_INFO[lang].tag, { style: 'unit', unit, unitDisplay: 'short' });
  return high === undefined || high === low ? format.format(low) : format.formatRange(low, high);
}

/** The figures an English text writes ("15 to 20 minutes": 15, 20), in order, as the language writes them. */
function figuresOf(english: string, lang: Language): Record<string, Part> {
  const slots: Record<string, Part> = {};
  [...english.matchAll(/\d+(?:,\d{3})*(?:\.\d+)?/g)].forEach(([figure], index) => {
    slots[`#${index + 1}`] = { text: formatNumberIn(Number(figure.replaceAll(',', '')), lang, figure.includes(',')) };
  });
  return slots;
}

/** "800 m - 1.5 km" as the near and far ends in the language's units. */
function bandSlots(band: string, lang: Language): Record<string, Part> {
  const match = /^(\d+(?:\.\d+)?)\s*(m|km)?\s*-\s*(\d+(?:\.\d+)?)\s*(m|km)$/.exec(band);
  if (!match) return {};
  const unit = (short: string | undefined) => (short === 'km' ? 'kilometer' : 'meter');
  return {
    near: { text: unitIn(lang, unit(match[2] ?? match[4]), Number(match[1])) },
    far: { text: unitIn(lang, unit(match[4]), Number(match[3])) },
  };
}

/** The fact node a dotted name points at in facts.ts, if it is one. */
function nodeAt(name: string): Record<string, unknown> | undefined {
  let node: unknown = facts;
  for (const key of name.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof node === 'object' && node !== null ? (node as Record<string, unknown>) : undefined;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const price = (amount: number): Part => ({ text: formatPrice(amount), ltr: true });
const fahrenheit = (celsius: number) => Math.round((celsius * 9) / 5 + 32);

/** Values computed from the structured facts that have no node of their own: weather, budget, card fee. */
function derivedSlots(name: string, lang: Language): Record<string, Part> {
  const [group, key] = name.split('.');
  if (group === 'weather' && (MONTHS as readonly string[]).includes(key!)) {
    const month = facts.weather.months[key as (typeof MONTHS)[number]];
    const city = (range: { low: number; high: number }) => ({
      c: { text: unitIn(lang, 'celsius', range.low, range.high) },
      f: { text: unitIn(lang, 'fahrenheit', fahrenheit(range.low), fahrenheit(range.high)) },
    });
    const [makkah, madinah] = [city(month.makkah), city(month.madinah)];
    return { makkahC: makkah.c, makkahF: makkah.f, madinahC: madinah.c, madinahF: madinah.f };
  }
  if (group === 'budget') {
    const { mealsPerDay, taxisPerWeek, dataPlan, gifts, vaccine } = facts.budget;
    const mealsWeek = { low: mealsPerDay.low * 7, high: mealsPerDay.high * 7 };
    const week = [mealsWeek, taxisPerWeek, dataPlan, gifts];
    const weekTotal = {
      low: week.reduce((sum, range) => sum + range.low, 0),
      high: week.reduce((sum, range) => sum + range.high, 0),
    };
    const ranges: Record<string, { low: number; high: number }> = {
      food: mealsPerDay,
      mealsPerDay,
      mealsWeek,
      taxisPerWeek,
      dataPlan,
      gifts,
      weekTotal,
      vaccine,
    };
    const range = ranges[key!];
    return range ? { low: price(range.low), high: price(range.high) } : {};
  }
  if (name.startsWith('payment.cardFee')) {
    const { percent } = facts.payment.cardFee;
    const example = 2000;
    const fee = (example * percent) / 100;
    return {
      percent: { text: formatNumberIn(percent, lang) },
      example: price(example),
      fee: price(fee),
      total: price(example + fee),
    };
  }
  if (name === 'booking.ramadan') return { ramadanStart: { text: formatDayIn(seasons.ramadan.start, lang) } };
  // The month the last season's registration opened; without that step recorded the phrase has no value and says so.
  const registration = facts.hajj.steps.last.registration;
  if (name === 'hajj.registration' && registration) {
    const opened = new Date(`${registration.on}T00:00:00Z`);
    const monthYear = new Intl.DateTimeFormat(LANGUAGE_INFO[lang].tag, {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    return { lastOpened: { text: monthYear.format(opened) } };
  }
  return {};
}

/** Every value a phrase for `name` may use: the English text's figures, the node's own fields, and derived values. */
function slotsFor(name: string, english: string, lang: Language): Record<string, Part> {
  const slots = figuresOf(english, lang);
  if (name === 'site.customers' || name === 'site.visaSuccess') {
    // What the figure rests on (FTC), in English as the settings write it, isolated; its figures are not the claim's.
    const basis = / \((.+)\)$/.exec(english);
    Object.assign(slots, figuresOf(english.replace(/ \(.+\)$/, ''), lang));
    slots.basis = { text: basis ? ` (${basis[1]})` : '', ...(basis && { ltr: true as const }) };
  }
  const node = nodeAt(name.replace(/\.band$/, ''));
  for (const [field, value] of Object.entries(node ?? {})) {
    if (typeof value === 'number') slots[field] = { text: formatNumberIn(value, lang, value < 1000 || value > 9999) };
    else if (typeof value === 'string' && ISO_DAY.test(value)) slots[field] = { text: formatDayIn(value, lang) };
    else if (field === 'band' && typeof value === 'string') Object.assign(slots, bandSlots(value, lang));
  }
  // Computed values come last: a budget's low and high are prices, not the node's bare numbers.
  Object.assign(slots, derivedSlots(name, lang));
  return slots;
}

const SLOT = /\{(#?\w+)\}/g;

/** A phrase with its slots filled (`{price}` → a price part); throws naming the phrase's slot that has no value. */
export function fill(phrase: string, slots: Readonly<Record<string, Part>>, where: string): Part[] {
  const parts: Part[] = [];
  let at = 0;
  for (const match of phrase.matchAll(SLOT)) {
    if (match.index > at) parts.push({ text: phrase.slice(at, match.index) });
    const value = slots[match[1]!];
    if (!value) throw new Error(`${where}: the phrase names {${match[1]}}, which the fact has no value for`);
    parts.push(value);
    at = match.index + match[0].length;
  }
  if (at < phrase.length) parts.push({ text: phrase.slice(at) });
  return parts;
}

/** The English text of a fact, including the Hajj conditions (`hajj.eligibility.conditions.0`) and, given the settings, `site.*`. */
function englishText(name: string, site: Readonly<Record<string, string>>): string | undefined {
  const condition = /^hajj\.eligibility\.conditions\.(\d+)$/.exec(name);
  if (condition) return facts.hajj.eligibility.conditions[Number(condition[1])]?.text;
  return factText(name) ?? site[name];
}

/**
 * A fact in a language as parts (a price marked to be isolated), or undefined when the language
 * has no phrase for it. A bare number or day needs no phrase: it is written in the language.
 * `site` carries the English texts of `site.*` facts (siteFactTexts) for callers that have them.
 */
export function factPartsIn(
  name: string,
  lang: Language,
  site: Readonly<Record<string, string>> = {},
): Part[] | undefined {
  const english = englishText(name, site);
  if (english === undefined) return undefined;
  if (lang === 'en') return [{ text: english }];
  const phrase = PHRASEBOOKS[lang].facts[name];
  if (phrase !== undefined) return fill(phrase, slotsFor(name, english, lang), `${lang} phrase for ${name}`);
  if (/^\d+(?:\.\d+)?$/.test(english)) return [{ text: formatNumberIn(Number(english), lang, false) }];
  if (ISO_DAY.test(english)) return [{ text: formatDayIn(english, lang) }];
  if (/^https?:\/\//.test(english)) return [{ text: english, ltr: true }];
  return undefined;
}

/** A fact in a language as plain text; throws naming `where`, the fact and the language when it has no phrase. */
export function factTextOrFail(
  name: string,
  lang: Language,
  where: string,
  site: Readonly<Record<string, string>> = {},
): string {
  const text = factTextIn(name, lang, site);
  if (text === undefined)
    throw new Error(
      `${where}: no ${LANGUAGE_INFO[lang].englishName} phrase for the fact ${name}: add it to src/lib/i18n/${lang}/facts.ts`,
    );
  return text;
}

/** A fact in a language as plain text, or undefined when the language has no phrase for it. */
export function factTextIn(
  name: string,
  lang: Language,
  site: Readonly<Record<string, string>> = {},
): string | undefined {
  const parts = factPartsIn(name, lang, site);
  return parts && partsText(parts);
}

const calendars = new Map<string, Intl.DateTimeFormat>();

/** An Intl date format for the language, cached. */
function dateFormat(
  lang: TranslatedLanguage,
  calendar: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${lang}:${calendar}:${JSON.stringify(options)}`;
  let format = calendars.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(`${LANGUAGE_INFO[lang].tag}-u-ca-${calendar}`, { ...options, timeZone: 'UTC' });
    calendars.set(key, format);
  }
  return format;
}

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** A day or range as the language writes it in full ("14–19 مئی 2027"). */
function rangeIn(lang: TranslatedLanguage, from: string, to?: string): string {
  const format = dateFormat(lang, 'gregory', { dateStyle: 'long' });
  return !to || to === from ? format.format(day(from)) : format.formatRange(day(from), day(to));
}

/** The Umm al-Qura year of a day, in the language's digits, read from Intl. */
function hijriYearIn(lang: TranslatedLanguage, iso: string): string {
  const parts = dateFormat(lang, 'islamic-umalqura', { year: 'numeric' }).formatToParts(day(iso));
  return parts.find((part) => part.type === 'year')!.value;
}

/** One view of a season in a language (the same views as seasonText), or undefined for an unknown view. */
function seasonViewIn(name: SeasonName, season: Season, show: string, lang: TranslatedLanguage): string | undefined {
  const words = PHRASEBOOKS[lang].seasons;
  const where = `${lang} season words for ${name}`;
  const text = (phrase: string, slots: Record<string, string>) =>
    partsText(
      fill(phrase, Object.fromEntries(Object.entries(slots).map(([key, value]) => [key, { text: value }])), where),
    );
  const year = dateFormat(lang, 'gregory', { year: 'numeric' }).format(day(season.start));
  const hijri = text(words.hijri, { year: hijriYearIn(lang, season.start) });
  switch (show) {
    case 'label':
      return text(words.label, { name: words.names[name], year, hijri });
    case 'year':
      return year;
    case 'hijri':
      return hijri;
    case 'hijriYear':
      return hijriYearIn(lang, season.start);
    case 'hijriDays':
      return dateFormat(lang, 'islamic-umalqura', { day: 'numeric', month: 'long' }).formatRange(
        day(season.start),
        day(season.end),
      );
    case 'dates':
      return text(words.about, { dates: rangeIn(lang, season.start, season.end) });
    case 'note':
      return words.note;
  }
  const named = (season.days as Season['days'])[show];
  return named && text(words.about, { dates: rangeIn(lang, named.from, named.to) });
}

/** A season's text in a language (`seasonTextIn('hajj', 'label', 'ur')`), or undefined when either name is unknown. */
export function seasonTextIn(name: string, show: string, lang: Language): string | undefined {
  if (lang === 'en') return seasonText(name, show);
  if (!Object.hasOwn(seasons, name)) return undefined;
  return seasonViewIn(name as SeasonName, seasons[name as SeasonName] as Season, show, lang);
}

/** Replaces `{{fact:…}}` and `{{season:…}}` in a translation's frontmatter text in its language; throws naming `where`, the placeholder and the language. */
export function resolveTranslationPlaceholders(text: string, lang: Language, where = 'translation'): string {
  return text.replace(PLACEHOLDER, (written, kind: string, name: string) => {
    const dot = name.indexOf('.');
    const resolved =
      kind.toLowerCase() === 'fact'
        ? factTextIn(name, lang)
        : dot > 0
          ? seasonTextIn(name.slice(0, dot), name.slice(dot + 1), lang)
          : undefined;
    if (resolved === undefined)
      throw new Error(
        `${where}: ${written} has no ${LANGUAGE_INFO[lang].englishName} phrase (add it to src/lib/i18n/${lang}/facts.ts) or names no fact`,
      );
    return kind[0] === kind[0]!.toUpperCase() ? capitalize(resolved) : resolved;
  });
}

/** Every string of a translation's frontmatter (title, description, heading, lead, faqs) with its placeholders resolved in `lang`. */
export function resolveTranslationData<T>(data: T, lang: Language, where: string): T {
  const resolve = (value: unknown): unknown => {
    if (typeof value === 'string') return resolveTranslationPlaceholders(value, lang, where);
    if (Array.isArray(value)) return value.map(resolve);
    if (value && Object.getPrototypeOf(value) === Object.prototype)
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, resolve(inner)]));
    return value;
  };
  return resolve(data) as T;
}

/** The facts a translation's text uses (`<Fact name>` and `{{fact:…}}`) that have no phrase in its language. */
export function missingPhrases(text: string, lang: Language): string[] {
  const names = [
    ...[...text.matchAll(/<Fact\b[^>]*\bname\s*=\s*["']([^"']+)["']/g)].map(([, name]) => name!),
    ...[...text.matchAll(PLACEHOLDER)].filter(([, kind]) => kind!.toLowerCase() === 'fact').map(([, , name]) => name!),
  ];
  // A site.* fact's English comes from the settings, which this file does not read: its phrase is enough.
  return [...new Set(names)].filter((name) => {
    if (name.startsWith('site.')) return lang !== 'en' && PHRASEBOOKS[lang].facts[name] === undefined;
    try {
      return factPartsIn(name, lang) === undefined;
    } catch {
      return true;
    }
  });
}

/** Fails the build naming the file, each fact without a phrase and the language, before a page is drawn without it. */
export function assertTranslationFacts(file: string, text: string, lang: Language): void {
  const missing = missingPhrases(text, lang);
  if (!missing.length) return;
  throw new Error(
    `${file}: no ${LANGUAGE_INFO[lang].englishName} phrase for ${missing.join(', ')}: add each to src/lib/i18n/${lang}/facts.ts`,
  );
}

/** Every phrasebook, for the tests that hold them to no digits and to the facts the sources use. */
export const phrasebooks = PHRASEBOOKS;
