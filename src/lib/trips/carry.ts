/**
 * What each traveller carries to the airport, as the trip page prints it: the papers a check-in desk
 * or a Saudi border officer may ask for, and the few things that cannot be bought on arrival. The
 * rules it names come from the site's dated facts (src/lib/facts.ts), so an edited fact changes this
 * list the same day; the longer packing list is the blog's "what to pack" guide.
 */
import { capitalize, resolvePlaceholders } from '../fact-lookup.ts';

const CARRY = [
  {
    thing: 'Each passport',
    why: '{{fact:visa.passport}}. Check that it is the passport the visa was issued on.',
  },
  {
    thing: 'Each Umrah visa, printed and on a phone',
    why: 'The airline checks it at check-in, before you board.',
  },
  {
    thing: 'The Nusuk app, signed in, with each Umrah permit',
    why: '{{fact:permits.nusuk}}. Keep a screenshot of each permit in case the network is slow.',
  },
  {
    thing: 'The meningitis vaccine certificate of each traveller vaccinated',
    why: 'The yellow international certificate names the vaccine and the day it was given. {{fact:health.acwy.umrah}}.',
  },
  {
    thing: 'Ihram for each man, in the cabin bag',
    why: 'Flying to Jeddah to go straight to Makkah, {{fact:rites.miqat}}. Checked luggage is out of reach by then.',
  },
  {
    thing: 'Medicines, in their original packs, with a copy of each prescription',
    why: 'Some medicines sold in the US are controlled in Saudi Arabia; keep them all in the cabin bag.',
  },
  {
    thing: 'This page, printed, and our phone number',
    why: 'It has your dates, hotels and the people to call if a flight changes or a paper is questioned.',
  },
] as const;

/** What to carry, each thing with why, the facts' words filled in and each sentence capitalised. */
export function carryList(): { thing: string; why: string }[] {
  return CARRY.map(({ thing, why }) => ({
    thing,
    why: resolvePlaceholders(why, 'carry list')
      .split('. ')
      .map((sentence) => capitalize(sentence))
      .join('. '),
  }));
}
