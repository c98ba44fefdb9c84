import type { ContentWords } from '../en/content.ts';

export const content: ContentWords = {
  checklist: 'তালিকা',
};
