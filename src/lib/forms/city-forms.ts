// Runs under Node's type stripping too (the server reads every form): relative `.ts` imports only.
import {
  CAPITALISED_TRAVEL_NAMES,
  CHECK_FIELDS,
  contactFields,
  countSelect,
  FORM_FAILURE,
  INQUIRY_FAILURE,
  LOWER_NAMES,
  LOWER_TRAVEL_NAMES,
  numberOptions,
  SUBMITTED,
  SUBMITTED_CONTACT_SOON,
  travellerInquiry,
} from './fields.ts';
import type { FormDef, FormMessages } from './types.ts';

const cityIntro = (city: string) =>
  `Tell us who is travelling from ${city} and we will send dates, hotels and a price.`;

/** A city page's "Let's Plan Your Umrah" form; cities differ in wire names, texts and extras. */
function cityInquiry(
  id: string,
  city: string,
  names: typeof LOWER_TRAVEL_NAMES,
  messages: Omit<FormMessages, 'invalid'>,
  extra: Partial<FormDef> = {},
  bounded = true,
): FormDef {
  return travellerInquiry(
    {
      id,
      placement: `${city} Umrah page`,
      topic: 'Umrah',
      group: 'city',
      heading: "Let's Plan Your Umrah",
      intro: cityIntro(city),
      messages: { ...messages, invalid: CHECK_FIELDS },
      ...extra,
    },
    names,
    bounded,
  );
}

/** The forms of the city landing pages (group `city`), each under the id its page names. */
export const CITY_FORMS = {
  chicago: cityInquiry(
    'chicago',
    'Chicago',
    LOWER_TRAVEL_NAMES,
    { success: SUBMITTED_CONTACT_SOON, failure: INQUIRY_FAILURE },
    { replyTo: { name: '_replyto', from: 'email' }, constants: { _subject: 'New Chicago Umrah Package Inquiry' } },
  ),
  houston: cityInquiry(
    'houston',
    'Houston',
    CAPITALISED_TRAVEL_NAMES,
    { success: 'Your inquiry has been submitted successfully! We will contact you soon.', failure: INQUIRY_FAILURE },
    { constants: { 'Request type': 'umrah' } },
    false,
  ),
  'new-york': cityInquiry(
    'new-york',
    'New York',
    CAPITALISED_TRAVEL_NAMES,
    { success: SUBMITTED, failure: INQUIRY_FAILURE },
    { constants: { 'Request type': 'umrah' } },
  ),
  dallas: {
    id: 'dallas',
    placement: 'Dallas Umrah page',
    topic: 'Umrah',
    group: 'city',
    heading: "Let's Plan Your Umrah",
    intro: cityIntro('Dallas'),
    encoding: 'urlencoded',
    fields: [
      ...contactFields(LOWER_NAMES, { bounded: true }),
      countSelect('adults', numberOptions(1, 10)),
      countSelect('children', numberOptions(0, 10)),
    ],
    captcha: 'answer',
    submitLabel: 'sendInquiry',
    busyLabel: 'submitting',
    messages: {
      success: SUBMITTED,
      failure: 'Sorry, there was an error submitting your inquiry. Please try again.',
      invalid: CHECK_FIELDS,
    },
  },
  detroit: cityInquiry(
    'detroit',
    'Detroit',
    CAPITALISED_TRAVEL_NAMES,
    { success: 'Form submitted successfully!', failure: FORM_FAILURE },
    {
      intro: `${cityIntro('Detroit')} Women-only groups are available.`,
      encoding: 'multipart',
      travellers: { adults: 'Adults', children: 'Children', label: 'padded' },
      constants: { 'Request type': 'detroit-umrah' },
    },
  ),
  'los-angeles': cityInquiry(
    'los-angeles',
    'Los Angeles',
    CAPITALISED_TRAVEL_NAMES,
    {
      success: 'Form submitted successfully!',
      failure: 'Failed to submit form. Please try again.',
      networkFailure: FORM_FAILURE,
    },
    { constants: { 'Request type': 'umrah' } },
  ),
  washington: cityInquiry('washington', 'Washington', LOWER_TRAVEL_NAMES, {
    success: SUBMITTED,
    failure: INQUIRY_FAILURE,
  }),
} as const satisfies Record<string, FormDef>;
