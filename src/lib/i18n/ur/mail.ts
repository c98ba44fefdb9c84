import type { MailWords } from '../en/mail.ts';

export const mail: MailWords = {
  englishBelow: 'یہی پیغام انگریزی میں',
};
