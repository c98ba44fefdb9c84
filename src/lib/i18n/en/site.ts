import type { Translation } from '../translation.ts';

/** The public pages' own words: the header, the footer, the switcher, the notices. */
export const site = {
  /** Said once on every translated page (decisions: the English text governs prices and terms). */
  englishGoverns: 'This page is a translation. The English page governs prices, dates and terms.',
  languages: 'Languages',
};
export type SiteWords = Translation<typeof site>;
