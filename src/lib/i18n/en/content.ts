import type { Translation } from '../translation.ts';

/** The guides' components in a translation: callouts, checklists, package links, prices. */
export const content = {
  checklist: 'Checklist',
};
export type ContentWords = Translation<typeof content>;
