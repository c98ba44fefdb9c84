import type { FormWords } from '../en/form.ts';

export const form: FormWords = {
  requiredMark: 'আবশ্যক',
};
