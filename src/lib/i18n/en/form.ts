import type { Translation } from '../translation.ts';

/** The coming Hajj season as the Hajj forms name it: English's own label, and the bare years for the other languages. */
export interface HajjSeasonWords {
  /** "Hajj 2027 (1448 AH)" */
  label: string;
  /** "1448 AH" */
  hijri: string;
  year: string;
  hijriYear: string;
}

/**
 * The enquiry form's words: labels, hints, every validation message, the answer pages. A form's
 * definition (src/lib/forms/definitions.ts) names its words by these keys, and formText
 * (src/lib/forms/words.ts) puts them together for one form in one language. A value that varies
 * (a count, a reference, a season) is an argument or a `{name}` slot, never written in.
 */
export const form = {
  /** Each field's label, by the key a definition gives it. */
  labels: {
    fullName: 'Full name',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email address',
    phone: 'Phone number',
    phoneOptional: 'Phone number (optional)',
    subject: 'Subject',
    message: 'Your message',
    messageOptional: 'Message (optional)',
    howCanWeHelp: 'How can we help?',
    departureCity: 'Departure city',
    travelDate: 'Travel date',
    adults: 'Adults',
    children: 'Children',
    infants: 'Infants',
    specialRequests: 'Special requests (optional)',
  },
  /** A select's empty first choice. */
  placeholders: {
    select: 'Select',
    subject: 'Select a subject',
    city: 'Select a city',
  },
  /** The contact form's subjects, by the value each sends. */
  subjects: {
    'umrah-packages': 'Umrah packages',
    'hajj-packages': 'Hajj packages',
    'visa-services': 'Visa services',
    'group-bookings': 'Group bookings',
    'payment-inquiry': 'Payment inquiry',
    'general-inquiry': 'General inquiry',
    other: 'Other',
  },
  buttons: {
    sendInquiry: 'Send Inquiry',
    sendMessage: 'Send Message',
    askExpert: 'Ask an Expert',
    requestBooking: 'Request Booking',
    sending: 'Sending...',
    submitting: 'Submitting...',
    tryAgain: 'Try again',
    save: 'Save',
  },
  /** What the checks say, in the browser and on the server alike. */
  checks: {
    /** A required text field left empty: "Please enter your full name." */
    missing: (label: string) =>
      `Please enter your ${label
        .replace(/ \(optional\)$/, '')
        .replace(/^your /i, '')
        .toLowerCase()}.`,
    missingDate: (label: string) => `Please choose your ${label.toLowerCase()}.`,
    /** A select with an empty placeholder: "Please choose a subject." */
    chooseOne: (label: string) => `Please choose a ${label.toLowerCase()}.`,
    /** A select that opens on a value: "Please choose adults." */
    choose: (label: string) => `Please choose ${label.toLowerCase()}.`,
    phoneRange: (min: number, max: number) => `Please enter a phone number of ${min} to ${max} characters.`,
    tooLong: (max: number) => `Please keep this to ${max} characters or fewer.`,
    email: 'Please enter a valid email address.',
    date: 'Please choose a valid date.',
    countMissing: (who: string) => `Please choose the number of ${who}.`,
    countMin: (min: number, who: string) => `At least ${min} ${who} please.`,
    sum: 'Please answer the sum.',
    invalidCaptcha: 'Invalid Captcha',
    unexpected: 'Unexpected field.',
    consent: 'Tick the box to get the emails, or leave it empty.',
    travellersRange: (max: number, unsure: string) => `Choose from 1 to ${max} travellers, or “${unsure}”.`,
  },
  /** The traveller counts: the plain boxes, the picker and its summary. */
  travellers: {
    legend: 'Travellers',
    /** The counted words in the checks ("the number of adults"). */
    adults: 'adults',
    children: 'children',
    fewer: (who: string) => `Fewer ${who}`,
    more: (who: string) => `More ${who}`,
    /** The picker's button: "1 Traveller", "3 Travellers"; `{n}` is the total. */
    one: '{n} Traveller',
    many: '{n} Travellers',
    /** Detroit's "Adults-02/Children-01". */
    padded: 'Adults-{adults}/Children-{children}',
  },
  captcha: {
    later: 'Security question: after you send the form we will ask you to add two small numbers.',
    /** `{a}` and `{b}` are the sum's numbers. */
    question: 'Security question: what is {a} + {b}?',
    loading: 'Security question: loading…',
    failed: 'Security question: could not load. Press the refresh button.',
    refresh: 'New security question',
  },
  /** A text box's counter; `{typed}` and `{max}` are counts. */
  counter: {
    plain: '{typed}/{max} characters',
    maximum: 'Maximum {max} characters ({typed}/{max})',
  },
  /** The answer pages' WhatsApp button (the number and hours are the site's, shown as they are). */
  whatsapp: 'Chat on WhatsApp',
  honeypot: 'Leave this empty',
  /** Said after the success text; `{reference}` is the lead's reference. */
  reference: ' Your reference is {reference}.',
  /** Under the form's intro; the promised reply time is the site's setting. */
  replyBy: (replyTime: string) => `We reply ${replyTime}.`,
  notice: {
    before: 'We use your details to answer this enquiry and as our ',
    policy: 'privacy policy',
    after:
      " describes. With it we receive how your visit began: the first page, the website that sent you and a link's campaign tags.",
  },
  /** The Hajj interest list's words (the Hajj forms), the season's figures given by the caller. */
  hajjInterest: {
    heading: (season: HajjSeasonWords) =>
      `Hajj ${season.hijriYear}: tell me when each Nusuk Hajj step opens, and help me choose`,
    intro: (season: HajjSeasonWords) =>
      `Registration for ${season.label} may already be open: create your account on hajj.nusuk.sa now. Leave your details and we will tell you when package choice and each payment deadline open on Nusuk Hajj, and help you compare the packages.`,
    next: (season: HajjSeasonWords) =>
      `Next, we reply with where each Nusuk Hajj step stands for ${season.hijri} and help you compare the packages when they open. Booking and payment happen only on Nusuk Hajj (hajj.nusuk.sa): nobody, including us, may take a booking or a payment for a Hajj package outside it.`,
    travellers: 'How many will travel? (optional)',
    unsure: 'Not sure yet',
    consent: (season: HajjSeasonWords) =>
      `Email me about Hajj ${season.hijriYear}: one short email when each Nusuk Hajj step opens (registration, package choice, each payment deadline), and nothing else. Every email has a one-click unsubscribe link.`,
  },
  /** The forms the translated pages carry: their heading, intro and answers. */
  forms: {
    contact: {
      heading: 'Send us a message',
      intro: 'Ask about dates, prices, visas or travelling with parents.',
      success: (replyTime: string) => `Thank you for your message! We'll get back to you ${replyTime}.`,
      failure: 'Sorry, there was an error sending your message. Please try again.',
      invalid: 'Sorry, there was an error sending your message. Please try again.',
    },
    visa: {
      heading: 'Talk to a visa expert',
      intro: 'Tell us your nationality, passport and travel month; an expert will explain what you need.',
      success: 'Form submitted successfully! Our visa expert will contact you soon.',
      failure: 'Error submitting form. Please try again.',
      invalid: 'Please check the highlighted fields.',
    },
    hajj: {
      success: 'Thank you! Your inquiry has been submitted successfully. We will contact you soon.',
      failure: 'There was an error submitting your inquiry. Please try again.',
      invalid: 'Please check the highlighted fields.',
    },
    'home-booking': {
      heading: 'Start your booking',
      intro: 'Tell us who is travelling; we will come back with dates, hotels and a price.',
      success: 'Your booking request has been submitted!',
      failure: 'There was an error submitting your booking request. Please try again.',
      invalid: 'Please fill in the required fields (name & email).',
    },
  },
  /** The visitor's acknowledgement email; the agency's name, the reference and the reply time are given. */
  acknowledgement: {
    subject: (agency: string, reference: string) => `Your enquiry to ${agency}: reference ${reference}`,
    greeting: 'Hello,',
    thanks: (agency: string) => `Thank you for contacting ${agency}. Your enquiry has reached us.`,
    reference: 'Your reference:',
    form: 'Form:',
    /** The form's name when the site no longer has it. */
    enquiry: 'Enquiry',
    sentFrom: 'Sent from:',
    nextHeading: 'What happens next',
    reply: (replyTime: string) =>
      `One of our travel advisers will read your enquiry and reply ${replyTime}, by email or by phone.`,
    quote: 'If you call or message us before then, please give your reference so we can find your enquiry at once.',
    /** Closes a translated email: the contacts and the address are said once, in the English below. */
    contactBelow: 'Our phone number, WhatsApp and office address are in the English message below.',
  },
  /** The page that shows a form posted without scripts again (`/enquiry/check`). */
  check: {
    summary: 'There is a problem',
    problems: 'Your enquiry has not been sent yet',
    sum: 'One more step to send your enquiry',
    refused: 'Your enquiry could not be sent',
    errorTitle: (heading: string) => `Error: ${heading}`,
    description: 'Check the details of your enquiry and send it again, or reach our team on WhatsApp or by phone.',
    fixFields: 'Your details are below as you typed them. Correct the marked fields and send the form again.',
    answerSum: (button: string) =>
      `Your details are below as you typed them. To show us you are a person, answer the sum and press “${button}” again.`,
    refusedAgain: 'Your details are below as you typed them: you can send them again, or reach us directly.',
    refusedBack:
      "Nothing was sent. Your browser's Back button returns to the form with what you typed, or you can reach our team directly:",
    /** A refusal in the page's language; the English page shows the server's own sentence. */
    refusals: {
      tooLarge: 'The form is too large to send.',
      tooMany: 'Too many submissions from this connection. Please wait a few minutes or call us.',
      notSaved: 'Your enquiry could not be saved. Please try again or call us.',
      other: 'Your enquiry could not be read. Please try again or call us.',
    },
    otherWays: 'Rather talk to us?',
  },
  /** The confirmation a browser's own post is sent to (`/enquiry/sent`). */
  sent: {
    title: 'Enquiry sent',
    description: 'Your enquiry reached our team. Here is your reference and what happens next.',
    heading: 'Thank you',
    unavailable:
      'We cannot show your confirmation and reference just now. Please reload this page in a minute: reloading never sends your enquiry again.',
    nextHeading: 'What happens next',
    reply: (replyTime: string) =>
      `A member of our team reads your enquiry and replies ${replyTime}, by email or phone.`,
    /** Around the reference, which is shown apart in its own direction. */
    quoteBefore: 'If you call or write to us meanwhile, quote ',
    quoteAfter: ' so we find your enquiry at once.',
    nothingMore: 'There is nothing more to send: reloading this page or going back does not send your enquiry again.',
    sooner: 'Need an answer sooner?',
    back: 'Back to the page you were reading',
  },
};
export type FormWords = Translation<typeof form>;
