import type { SeasonName } from '../facts-schema.ts';

// The phrasebooks' shape, apart from facts.ts, which imports the phrasebooks themselves.
/** A language's words for facts and seasons, with `{slot}` where a value goes and no digit anywhere. */
export interface FactPhrasebook {
  /** A fact name (`visa.processing`, `hajj.eligibility.conditions.0`, `site.replyTime`) → its phrase. */
  facts: Readonly<Record<string, string>>;
  seasons: {
    names: Readonly<Record<SeasonName, string>>;
    /** `{name}`, `{year}` (Gregorian) and `{hijri}` (the `hijri` phrase), as "Hajj 2027 (1448 AH)". */
    label: string;
    /** `{year}`: the Hijri year, as "1448 AH". */
    hijri: string;
    /** `{dates}`: an expected day or range, as "about 14–19 May 2027". */
    about: string;
    /** Said after every expected date. */
    note: string;
  };
}
