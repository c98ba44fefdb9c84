import type { MailWords } from '../en/mail.ts';

export const mail: MailWords = {
  englishBelow: 'একই বার্তা ইংরেজিতে',
};
