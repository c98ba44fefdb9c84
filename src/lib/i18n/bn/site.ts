import type { SiteWords } from '../en/site.ts';

export const site: SiteWords = {
  englishGoverns: 'এই পাতাটি অনুবাদ। দাম, তারিখ ও শর্তের ক্ষেত্রে ইংরেজি পাতাটিই প্রযোজ্য।',
  languages: 'ভাষা',
};
