/**
 * What each traveller carries to the airport, as the trip page prints it: the papers a check-in desk
 * or a Saudi border officer may ask for, and the few things that cannot be bought on arrival. The
 * rules it names come from the site's dated facts (src/lib/facts.ts), so an edited fact changes this
 * list the same day: English says each in the fact's own sentence, a translation with the fact's
 * numbers (src/lib/i18n/<lang>/trip.ts). The longer packing list is the blog's "what to pack" guide.
 */
import { facts } from '../facts.ts';
import { factText } from '../fact-lookup.ts';
import { tripSpeech, type TripSpeech } from './speech.ts';

const fact = (name: string): string => {
  const text = factText(name);
  if (text === undefined) throw new Error(`The carry list names the fact "${name}", which does not exist`);
  return text;
};

/** What to carry, each thing with why, in the trip's language with the facts' words or numbers filled in. */
export function carryList(say: TripSpeech = tripSpeech('en')): { thing: string; why: string }[] {
  const words = say.words.carry;
  const { passport } = facts.visa;
  return [
    { thing: words.passport, why: words.passportWhy(fact('visa.passport'), passport.monthsValid, passport.blankPages) },
    { thing: words.visa, why: words.visaWhy },
    { thing: words.nusuk, why: words.nusukWhy(fact('permits.nusuk')) },
    {
      thing: words.vaccine,
      why: words.vaccineWhy(fact('health.acwy.umrah'), facts.health.acwy.daysBeforeArrival),
    },
    { thing: words.ihram, why: words.ihramWhy(fact('rites.miqat')) },
    { thing: words.medicines, why: words.medicinesWhy },
    { thing: words.page, why: words.pageWhy },
  ];
}
