import type { SiteWords } from '../en/site.ts';

export const site: SiteWords = {
  englishGoverns: 'هذه الصفحة مترجمة، والمعتمد في الأسعار والتواريخ والشروط هو الصفحة الإنجليزية.',
  languages: 'اللغات',
};
