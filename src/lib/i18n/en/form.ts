import type { Translation } from '../translation.ts';

/** The enquiry form's words: labels, hints, every validation message, the confirmation. */
export const form = {
  requiredMark: 'required',
};
export type FormWords = Translation<typeof form>;
