import type { MailWords } from '../en/mail.ts';

export const mail: MailWords = {
  englishBelow: 'الرسالة نفسها بالإنجليزية',
};
