// Runs under Node's type stripping too (the lead API): relative `.ts` imports only. The island never
// imports this file: it would carry every language's dictionary.
import { wordsFor } from '../i18n/dictionary.ts';
import type { Language } from '../languages.ts';
import type { FormDef } from './types.ts';
import { formText, type FormText } from './words.ts';

const texts = new WeakMap<FormDef, Map<Language, FormText>>();

/** Everything a form says in a language, from that language's dictionary; worked out once per form and language. */
export function formTextIn(form: FormDef, lang: Language): FormText {
  let byLanguage = texts.get(form);
  if (!byLanguage) texts.set(form, (byLanguage = new Map()));
  let text = byLanguage.get(lang);
  if (!text) byLanguage.set(lang, (text = formText(form, wordsFor(lang).form, lang)));
  return text;
}

/** Whether `form` has its words in `lang`: English always, another language for the forms its pages carry. */
export function formSpeaks(form: FormDef, lang: Language): boolean {
  return lang === 'en' || Object.hasOwn(wordsFor(lang).form.forms, form.id);
}

/**
 * The words to answer a post of `form` in: the language it was sent in, or English for a form no
 * translated page carries (a post no page of ours would send), so an answer never fails for words.
 */
export function answerTextIn(form: FormDef, lang: Language): FormText {
  return formTextIn(form, formSpeaks(form, lang) ? lang : 'en');
}
