/**
 * Which packages a visitor compares: the `/compare` address, how it is read (bounded before any
 * catalogue lookup) and the choice the compare tray keeps while the visitor browses.
 */

/** How many packages fit side by side. */
export const COMPARE_LIMIT = 3;
export const COMPARE_PATH = '/compare';
/** The query parameter, also the name of the finder's checkboxes so its form posts it by itself. */
export const COMPARE_PARAM = 'ids';
/** Where the tray keeps the choice between pages (sessionStorage: it ends with the tab). */
export const COMPARE_STORAGE_KEY = 'miqat:compare';
/** Every compare checkbox on a card or in the finder; the tray listens to these. */
export const COMPARE_BOX_SELECTOR = 'input[data-compare-id]';

/**
 * What wakes the compare tray: a compare box, or the finder's "Compare selected" (so that the tray,
 * awake, can say in place that nothing is ticked instead of opening an empty comparison).
 */
export const COMPARE_WAKE_SELECTOR = `${COMPARE_BOX_SELECTOR}, [data-finder-form] button`;

/** What the finder says, beside its button, when "Compare selected" is pressed with nothing ticked. */
export const NOTHING_TICKED_MESSAGE = `Nothing is ticked yet: tick "Compare" on up to ${COMPARE_LIMIT} packages in the list, then press "Compare selected".`;

/** Catalogue ids are file names: lowercase words and digits joined by hyphens. */
const ID_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Longer than any catalogue id; a longer value is not looked up. */
const MAX_ID_LENGTH = 80;
/** Values read from one address; the rest are not read at all. */
export const MAX_IDS_READ = 10;

export interface CompareRequest {
  /** Well-formed ids in the visitor's order, each once, at most MAX_IDS_READ. */
  ids: string[];
  /** Repeats of an id already asked for. */
  duplicates: number;
  /** Values that cannot be a catalogue id (wrong characters, too long) or past MAX_IDS_READ. */
  ignored: number;
}

/** Reads `ids=a,b,c` and repeated `ids=` from a query; bounded in count and length before any lookup. */
export function parseCompareIds(params: URLSearchParams): CompareRequest {
  const ids: string[] = [];
  let duplicates = 0;
  let ignored = 0;
  let read = 0;
  for (const value of params.getAll(COMPARE_PARAM)) {
    for (const part of value.split(',')) {
      const id = part.trim();
      if (!id) continue;
      read += 1;
      if (read > MAX_IDS_READ || id.length > MAX_ID_LENGTH || !ID_SHAPE.test(id)) ignored += 1;
      else if (ids.includes(id)) duplicates += 1;
      else ids.push(id);
    }
  }
  return { ids, duplicates, ignored };
}

export interface CompareSelection<T> {
  /** What the table shows: the first COMPARE_LIMIT ids found in the catalogue. */
  compared: T[];
  /** Found, but past the limit. */
  left: T[];
  /** Well-formed ids that are not (or no longer) in the catalogue. */
  missing: string[];
}

/** Splits requested ids into the packages compared, those over the limit and those not found. */
export function selectForComparison<T>(ids: readonly string[], found: ReadonlyMap<string, T>): CompareSelection<T> {
  const present = ids.flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
  return {
    compared: present.slice(0, COMPARE_LIMIT),
    left: present.slice(COMPARE_LIMIT),
    missing: ids.filter((id) => !found.has(id)),
  };
}

/** The comparison's address; ids are URL-safe by shape, so commas stay readable. */
export function compareHref(ids: readonly string[]): string {
  return `${COMPARE_PATH}?${COMPARE_PARAM}=${ids.join(',')}`;
}

/** A package the visitor ticked, with the title the tray shows. */
export interface ChosenPackage {
  id: string;
  title: string;
}

/** The stored choice; anything malformed (an old format, a hand edit) reads as no choice. */
export function readChoice(stored: string | null): ChosenPackage[] {
  try {
    const value: unknown = JSON.parse(stored ?? '[]');
    if (!Array.isArray(value)) return [];
    const valid = value.filter(
      (item): item is ChosenPackage =>
        typeof item === 'object' &&
        item !== null &&
        typeof item.id === 'string' &&
        ID_SHAPE.test(item.id) &&
        typeof item.title === 'string',
    );
    return valid
      .filter((item, index) => valid.findIndex((other) => other.id === item.id) === index)
      .slice(0, COMPARE_LIMIT)
      .map(({ id, title }) => ({ id, title }));
  } catch {
    return [];
  }
}

/** The choice with one more package; unchanged (and `added` false) when it is full. */
export function addChoice(
  choice: readonly ChosenPackage[],
  item: ChosenPackage,
): { choice: ChosenPackage[]; added: boolean } {
  if (choice.some((chosen) => chosen.id === item.id)) return { choice: [...choice], added: true };
  if (choice.length >= COMPARE_LIMIT) return { choice: [...choice], added: false };
  return { choice: [...choice, item], added: true };
}

/** The choice without one package. */
export function removeChoice(choice: readonly ChosenPackage[], id: string): ChosenPackage[] {
  return choice.filter((chosen) => chosen.id !== id);
}

/** "A", "A and B", "A, B and C": titles as a sentence names them. */
export function listTitles(titles: readonly string[]): string {
  if (titles.length <= 1) return titles.join('');
  return `${titles.slice(0, -1).join(', ')} and ${titles.at(-1)}`;
}

/** The WhatsApp text for a comparison: the agency's greeting, then the packages and the link to it. */
export function compareChatMessage(greeting: string, titles: readonly string[], url: string): string {
  return `${greeting} I am comparing ${listTitles(titles)}: ${url}`;
}
