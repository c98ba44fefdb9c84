// Runs under Node's type stripping too (the lead API): relative `.ts` imports only. The island never
// imports this file: it would carry every language's dictionary.
import { wordsFor } from '../i18n/dictionary.ts';
import type { Language } from '../i18n/languages.ts';
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
