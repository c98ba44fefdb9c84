import type { SiteWords } from '../en/site.ts';

export const site: SiteWords = {
  englishGoverns: 'یہ صفحہ ترجمہ ہے۔ قیمتوں، تاریخوں اور شرائط میں انگریزی صفحہ ہی معتبر ہے۔',
  languages: 'زبانیں',
};
