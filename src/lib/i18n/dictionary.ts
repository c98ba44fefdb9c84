import { content as arContent } from './ar/content.ts';
import { form as arForm } from './ar/form.ts';
import { mail as arMail } from './ar/mail.ts';
import { review as arReview } from './ar/review.ts';
import { site as arSite } from './ar/site.ts';
import { WHATSAPP_GREETING as arGreeting } from './ar/site-nav.ts';
import { trip as arTrip } from './ar/trip.ts';
import { content as bnContent } from './bn/content.ts';
import { form as bnForm } from './bn/form.ts';
import { mail as bnMail } from './bn/mail.ts';
import { review as bnReview } from './bn/review.ts';
import { site as bnSite } from './bn/site.ts';
import { WHATSAPP_GREETING as bnGreeting } from './bn/site-nav.ts';
import { trip as bnTrip } from './bn/trip.ts';
import { content as enContent, type ContentWords } from './en/content.ts';
import { form as enForm, type FormWords } from './en/form.ts';
import { mail as enMail, type MailWords } from './en/mail.ts';
import { review as enReview, type ReviewWords } from './en/review.ts';
import { site as enSite, type SiteWords } from './en/site.ts';
import { trip as enTrip, type TripWords } from './en/trip.ts';
import type { TranslatedGreeting } from '../contact-links.ts';
import type { Language, TranslatedLanguage } from '../languages.ts';
import { content as urContent } from './ur/content.ts';
import { form as urForm } from './ur/form.ts';
import { mail as urMail } from './ur/mail.ts';
import { review as urReview } from './ur/review.ts';
import { site as urSite } from './ur/site.ts';
import { WHATSAPP_GREETING as urGreeting } from './ur/site-nav.ts';
import { trip as urTrip } from './ur/trip.ts';

/**
 * One dictionary per language, each the English one's shape (translation.ts), gathered by area:
 * `site` for the public pages, `form` for the enquiry form, `trip` for the trip page and its
 * reminders, `review` for the invitation and the review form, `content` for the guides' components,
 * `mail` for what every email shares. Plain Node imports this file (emails), so imports stay relative.
 */
export interface Dictionary {
  site: SiteWords;
  mail: MailWords;
  form: FormWords;
  trip: TripWords;
  review: ReviewWords;
  content: ContentWords;
}

const DICTIONARIES: Readonly<Record<Language, Dictionary>> = {
  en: { site: enSite, mail: enMail, form: enForm, trip: enTrip, review: enReview, content: enContent },
  ur: { site: urSite, mail: urMail, form: urForm, trip: urTrip, review: urReview, content: urContent },
  ar: { site: arSite, mail: arMail, form: arForm, trip: arTrip, review: arReview, content: arContent },
  bn: { site: bnSite, mail: bnMail, form: bnForm, trip: bnTrip, review: bnReview, content: bnContent },
};

/** The interface words of a language. */
export function wordsFor(lang: Language): Dictionary {
  return DICTIONARIES[lang];
}

// Apart from the areas: English has no greeting of its own to list, its greeting being the site setting.
const WHATSAPP_GREETINGS: Readonly<Record<TranslatedLanguage, string>> = {
  ur: urGreeting,
  ar: arGreeting,
  bn: bnGreeting,
};

/** The greeting a WhatsApp link sends in a language (whatsappUrl puts the English under it where staff need it); none in English. */
export function whatsappGreetingIn(lang: Language): TranslatedGreeting | undefined {
  return lang === 'en' ? undefined : { lang, greeting: WHATSAPP_GREETINGS[lang] };
}
