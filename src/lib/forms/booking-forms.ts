// Runs under Node's type stripping too (the server reads every form): relative `.ts` imports only.
import { form as english } from '../i18n/en/form.ts';
import { PACKAGE_ID_FIELD, PACKAGE_NAME_FIELD } from './constants.ts';
import {
  CHECK_FIELDS,
  contactFields,
  countSelect,
  FORM_FAILURE,
  LOWER_NAMES,
  messageField,
  numberOptions,
} from './fields.ts';
import type { FormDef } from './types.ts';

// The home page's form is carried by the translated pages; the package page's shares its answers, written once.
const BOOKING = english.forms['home-booking'];

/** The package pages' and the home page's booking forms (group `booking`). */
export const BOOKING_FORMS = {
  'last-10-days': {
    id: 'last-10-days',
    placement: 'Ramadan last 10 days package page',
    topic: 'Umrah',
    group: 'booking',
    heading: 'Reserve the Last 10 Days',
    intro: 'Tell us where you fly from and who is travelling; we will confirm availability and the price.',
    encoding: 'multipart',
    fields: [
      ...contactFields(LOWER_NAMES, { bounded: false }),
      {
        kind: 'select',
        name: 'departure_city',
        label: 'departureCity',
        required: true,
        half: true,
        placeholder: 'city',
        options: [
          { value: 'new_york', label: 'New York' },
          { value: 'chicago', label: 'Chicago' },
          { value: 'houston', label: 'Houston' },
          { value: 'dallas', label: 'Dallas' },
          { value: 'los_angeles', label: 'Los Angeles' },
          { value: 'washington', label: 'Washington DC' },
          { value: 'detroit', label: 'Detroit' },
        ],
      },
      { kind: 'date', name: 'travel_date', label: 'travelDate', required: true, half: true },
      countSelect('adults', numberOptions(1, 5, '5+')),
      countSelect('children', numberOptions(0, 4, '4+')),
      countSelect('infants', numberOptions(0, 2)),
      { ...messageField('special_requests', false), label: 'specialRequests' },
    ],
    pageFields: [PACKAGE_NAME_FIELD, 'package_price'],
    submitLabel: 'sendInquiry',
    busyLabel: 'submitting',
    messages: {
      success: 'Thank you! We will contact you soon regarding your Last 10 Days Ramadan package inquiry.',
      failure: FORM_FAILURE,
      invalid: CHECK_FIELDS,
    },
  },
  booking: {
    id: 'booking',
    placement: 'Package page',
    topic: 'booking',
    group: 'booking',
    heading: 'Book this package',
    intro: 'Leave your name and email; we will confirm dates, rooms and the price.',
    encoding: 'urlencoded',
    fields: contactFields(LOWER_NAMES, null),
    pageFields: [PACKAGE_ID_FIELD, PACKAGE_NAME_FIELD],
    submitLabel: 'requestBooking',
    busyLabel: 'submitting',
    messages: { success: BOOKING.success, failure: BOOKING.failure, invalid: BOOKING.invalid },
  },
  'home-booking': {
    id: 'home-booking',
    placement: 'Home page booking form',
    topic: 'booking',
    group: 'booking',
    heading: BOOKING.heading,
    intro: BOOKING.intro,
    encoding: 'urlencoded',
    fields: contactFields(LOWER_NAMES, null),
    travellers: { adults: 'adults', children: 'children', label: 'total' },
    captcha: 'answer',
    submitLabel: 'requestBooking',
    busyLabel: 'submitting',
    messages: { success: BOOKING.success, failure: BOOKING.failure, invalid: BOOKING.invalid },
  },
} as const satisfies Record<string, FormDef>;
