// Runs under Node's type stripping too (the server reads every form): relative `.ts` imports only.
import { form as english } from '../i18n/en/form.ts';
import {
  CAPITALISED_TRAVEL_NAMES,
  CHECK_FIELDS,
  contactFields,
  FORM_FAILURE,
  INQUIRY_FAILURE,
  LOWER_NAMES,
  LOWER_TRAVEL_NAMES,
  messageField,
  SUBMITTED,
  SUBMITTED_CONTACT_SOON,
  travellerInquiry,
} from './fields.ts';
import { HAJJ_SEASON } from './interest.ts';
import type { FormDef } from './types.ts';

/**
 * Every Hajj form (the Hajj pages and the Hajj package pages): an interest list for the coming
 * season, never a booking, since Hajj is booked and paid only on Nusuk Hajj.
 */
const HAJJ_INTEREST = {
  topic: 'Hajj',
  heading: english.hajjInterest.heading(HAJJ_SEASON),
  // Registration may open before anyone signs up (Q12): the form does not promise an alert for it.
  intro: english.hajjInterest.intro(HAJJ_SEASON),
  next: english.hajjInterest.next(HAJJ_SEASON),
  interest: true,
} as const;

/** The forms of the Umrah, Hajj and season pages (group `season`). */
export const SEASON_FORMS = {
  umrah: travellerInquiry(
    {
      id: 'umrah',
      placement: 'Umrah packages page',
      topic: 'Umrah',
      group: 'season',
      heading: 'Plan Your Umrah Journey',
      intro: 'Tell us who is travelling and we will send dates, hotels and a price.',
      messages: { success: SUBMITTED, failure: INQUIRY_FAILURE, invalid: CHECK_FIELDS },
    },
    LOWER_TRAVEL_NAMES,
  ),
  hajj: {
    id: 'hajj',
    placement: 'Hajj packages page',
    group: 'season',
    // The coming season, so the heading never sells a Hajj that has passed.
    ...HAJJ_INTEREST,
    encoding: 'urlencoded',
    fields: [...contactFields(LOWER_NAMES, { bounded: false }), messageField('message', true, 'maximum')],
    submitLabel: 'sendInquiry',
    busyLabel: 'submitting',
    messages: { success: SUBMITTED_CONTACT_SOON, failure: INQUIRY_FAILURE, invalid: CHECK_FIELDS },
  },
  'shifting-hajj': travellerInquiry(
    {
      id: 'shifting-hajj',
      placement: 'Shifting Hajj page',
      group: 'season',
      ...HAJJ_INTEREST,
      constants: { request_type: 'hajj' },
      messages: {
        success: 'Thank you! Your Hajj planning request has been submitted successfully.',
        failure: 'There was an error submitting your request. Please try again.',
        invalid: CHECK_FIELDS,
      },
    },
    { ...LOWER_TRAVEL_NAMES, name: 'full_name' },
  ),
  'non-shifting-hajj': travellerInquiry(
    {
      id: 'non-shifting-hajj',
      placement: 'Non-shifting Hajj page',
      group: 'season',
      ...HAJJ_INTEREST,
      constants: { 'Request type': 'non-shifting-hajj' },
      messages: { success: 'Form submitted successfully!', failure: FORM_FAILURE, invalid: CHECK_FIELDS },
    },
    CAPITALISED_TRAVEL_NAMES,
  ),
  ramadan: {
    id: 'ramadan',
    placement: 'Ramadan Umrah page',
    topic: 'Umrah',
    group: 'season',
    heading: 'Ask about Ramadan Umrah',
    intro: 'Ramadan places go early. Tell us which nights you have in mind and who is travelling.',
    encoding: 'multipart',
    fields: [...contactFields(LOWER_NAMES, { bounded: false }), messageField('message', true)],
    constants: { package_type: 'ramadan_umrah' },
    submitLabel: 'sendInquiry',
    busyLabel: 'submitting',
    messages: { success: 'Thank you! We will contact you soon.', failure: FORM_FAILURE, invalid: CHECK_FIELDS },
  },
  december: travellerInquiry(
    {
      id: 'december',
      placement: 'December Umrah page',
      topic: 'Umrah',
      group: 'season',
      heading: 'Plan Your December Umrah',
      intro: 'School holidays fill quickly. Tell us who is travelling and we will send dates and prices.',
      replyTo: { name: '_replyto', from: 'email' },
      constants: { _subject: 'New December Umrah Package Inquiry' },
      messages: { success: SUBMITTED_CONTACT_SOON, failure: INQUIRY_FAILURE, invalid: CHECK_FIELDS },
    },
    LOWER_TRAVEL_NAMES,
  ),
} as const satisfies Record<string, FormDef>;
