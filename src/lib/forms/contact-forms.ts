// Runs under Node's type stripping too (the server reads every form): relative `.ts` imports only.
import { form as english } from '../i18n/en/form.ts';
import { agencyContact } from '../site-contact.ts';
import { CAPITALISED_NAMES, contactFields, FORM_FAILURE, LOWER_NAMES, messageField } from './fields.ts';
import type { FormDef } from './types.ts';

/** The contact page's and the visa page's forms (group `contact`), both carried by the translated pages. */
export const CONTACT_FORMS = {
  contact: {
    id: 'contact',
    placement: 'Contact page',
    group: 'contact',
    heading: english.forms.contact.heading,
    intro: english.forms.contact.intro,
    encoding: 'urlencoded',
    fields: [
      {
        kind: 'text',
        name: 'firstName',
        role: 'firstName',
        label: 'firstName',
        required: true,
        autoComplete: 'given-name',
        half: true,
      },
      {
        kind: 'text',
        name: 'lastName',
        role: 'lastName',
        label: 'lastName',
        required: true,
        autoComplete: 'family-name',
        half: true,
      },
      // The name in two parts, then the email and the optional phone as every form asks them.
      ...contactFields(LOWER_NAMES, null).slice(1),
      {
        kind: 'select',
        name: 'subject',
        label: 'subject',
        required: true,
        placeholder: 'subject',
        options: Object.keys(english.subjects).map((value) => ({ value })),
      },
      messageField('message', true),
    ],
    submitLabel: 'sendMessage',
    busyLabel: 'sending',
    messages: {
      // One reply time everywhere (P20): the setting's, not the old site's "24 hours".
      success: english.forms.contact.success(agencyContact.replyTime),
      failure: english.forms.contact.failure,
      invalid: english.forms.contact.invalid,
    },
  },
  visa: {
    id: 'visa',
    placement: 'Umrah visa page',
    topic: 'Umrah visa',
    group: 'contact',
    heading: english.forms.visa.heading,
    intro: english.forms.visa.intro,
    encoding: 'multipart',
    fields: [
      ...contactFields(CAPITALISED_NAMES, { bounded: false }),
      { ...messageField('Message', true), label: 'howCanWeHelp', namedInChecks: 'message' },
    ],
    submitLabel: 'askExpert',
    busyLabel: 'submitting',
    messages: { success: english.forms.visa.success, failure: FORM_FAILURE, invalid: english.forms.visa.invalid },
  },
} as const satisfies Record<string, FormDef>;
