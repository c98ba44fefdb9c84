import type { Translation } from '../translation.ts';
import { NEW_TAB, nav } from './site-nav.ts';

/**
 * The public pages' own words: the header, the footer, the switcher, the notices, and the sections
 * the home and contact pages share with their translations. The English pages read them from here
 * too, so each English sentence is written once. A value (a year, a phone number, a price, a count)
 * is an argument, never written in: it comes from the settings or the catalogue.
 */
export const site = {
  /** Said once on every translated page (decisions: the English text governs prices and terms). */
  englishGoverns: 'This page is a translation. The English page governs prices, dates and terms.',
  /** The link to the English page beside that notice. */
  englishPage: 'Read the English page',
  /** Under a translated guide's title: the day of the English text it follows. */
  translatedFrom: (day: string) => `Translated from the English of ${day}.`,
  /** What the site-wide share image shows, for those who cannot see it where the page is shared. */
  shareImageAlt: (siteName: string) => `The Kaaba at dusk beside the name ${siteName}`,
  languages: 'Languages',
  skipLink: 'Skip to content',
  newTab: NEW_TAB,
  nav,
  contact: {
    chatOnWhatsApp: 'Chat on WhatsApp',
    chatWithUs: 'Chat with us',
    chatWithUsOnWhatsApp: 'Chat with us on WhatsApp',
    needHelp: 'Need help? Chat with us!',
    /** A round call button's name, with the number it dials. */
    callUsOn: (phone: string) => `Call us on ${phone}`,
    /** A call button's text, with the number it dials. */
    call: (phone: string) => `Call ${phone}`,
    callOffice: 'Call the office',
    /** Only for the languages staff speak (site-contact.ts, `staffLanguages`). */
    speakYourLanguage: (languages: string) => `You can also call or WhatsApp us in ${languages}.`,
    email: 'Email',
    phone: 'Phone',
    office: 'Office',
    emailNote: (replyTime: string) => `Answered ${replyTime}.`,
    phoneNote: 'During office hours, Monday to Saturday.',
    hours: 'Business hours',
    timeZone: 'Central Time',
    travelling: (support: string) => `Already travelling? We are here ${support}`,
    emergencyText: 'If something goes wrong on the road, call our emergency line at any hour:',
    emergency: (phone: string) => `Emergency ${phone}`,
    whatsappHeading: 'Prefer WhatsApp?',
    whatsappText:
      'Most of our pilgrims start on WhatsApp: send the names and ages of who is travelling, your city and the month you have in mind, and we will come back with options and prices.',
    stripHeading: 'Talk to a person who has made the journey',
    stripText: (replyTime: string, city: string) =>
      `Tell us who is travelling and when. We reply ${replyTime}, and our office in ${city} answers the phone during business hours.`,
  },
  badges: {
    since: (year: string) => `Since ${year}`,
    pilgrims: (count: string) => `${count} pilgrims`,
    support: (support: string) => `${support} support`,
  },
  footer: {
    servingSince: (year: string) => `Serving pilgrims since ${year}.`,
    company: 'Company',
    contact: 'Contact',
    officeHours: 'Office hours',
    followUs: 'Follow us',
    whatsappChat: 'WhatsApp chat',
    closed: 'Closed',
    emergencies: (support: string) => `Emergencies while travelling, ${support}: `,
    rights: (year: string, legalName: string) =>
      `© ${year} ${legalName}. All rights reserved. Prices are per person in US dollars.`,
  },
  pages: {
    homeTitle: (name: string) => `${name} | Umrah Packages and Hajj Guidance from the USA`,
    /** The English home page's description is the settings' own (site.ts); a translation writes its own. */
    homeDescription: (settingsDescription: string) => settingsDescription,
    contactTitle: 'Contact Us',
    contactDescription: (name: string, replyTime: string) =>
      `Call, message or email ${name} about Umrah, Hajj and Islamic holiday packages. We reply ${replyTime}; emergency line open 24/7.`,
    contactLead: (replyTime: string) =>
      `Questions about dates, prices, visas or travelling with parents? Write or call; we reply ${replyTime}.`,
  },
  home: {
    eyebrow: 'Umrah · Hajj · Islamic holidays',
    heading: 'Umrah from the USA, arranged with care, and honest guidance for Hajj',
    imageAlt: 'Illustration of the Kaaba and the arcades of Masjid al-Haram at dusk under a crescent moon',
    since: (year: string, name: string, customers: string) =>
      `Since ${year}, ${name} has helped ${customers} answer the call to Makkah and Madinah: first-time pilgrims, young families and sons and daughters bringing their parents.`,
    includes:
      'Our city packages cover return flights from New York, Chicago, Houston, Dallas, Los Angeles, Washington DC or Detroit, the Saudi visa, hotels from three to five stars, airport transfers and Ziyarat in both holy cities, so you can give your attention to worship.',
    askUs: (replyTime: string) =>
      `Ask us anything before you book. A real person answers ${replyTime}, and our team stays reachable around the clock while you travel.`,
    arrangingSince: (year: string) => `Arranging pilgrimages since ${year}`,
    /** A translated hero's first card, under the founding year (the English card shows the years as a phrase). */
    sinceYear: 'The year we began arranging pilgrimages',
    visaRate: 'Visa success rate',
    supportTrip: 'Support before and during your trip',
    tiersEyebrow: 'Umrah packages',
    tiersHeading: 'Choose the comfort that suits your family',
    stars: (stars: string) => `${stars}-star hotels`,
    fromNights: (nights: string) => `From, ${nights}`,
    nights: (min: string, max: string) => (min === max ? `${max} nights` : `${min}-${max} nights`),
    allUmrah: 'See all Umrah packages',
    findPackage: 'Find a package',
    whyEyebrow: 'Why choose us',
    whyHeading: 'Everything arranged, so your heart stays on worship',
    guidesHeading: 'Guides for your journey',
  },
  why: {
    visaTitle: 'Visa handled for you',
    visaText: (rate: string) =>
      `We prepare and file your Saudi visa and check every passport first. Our approval record is ${rate}.`,
    hotelsTitle: 'Hotels you can walk from',
    hotelsText:
      'Every package names the star rating and the walking distance to the Haram, from adjacent to about 1.5 km.',
    citiesTitle: 'Seven US departure cities',
    citiesText:
      'Fly from New York, Chicago, Dallas, Detroit, Houston, Los Angeles or Washington DC, with connections from elsewhere.',
    eldersTitle: 'Care for elders and families',
    eldersText:
      'Wheelchair assistance, nearby rooms and an unhurried pace for parents; family rooms and advice for children.',
    pricesTitle: 'Clear prices, instalment plans',
    pricesText: (basis: string) =>
      `Prices are per person in US dollars${basis ? `, ${basis}` : ''}; your quote lists every charge and the price for your room sharing. Spread the cost with an agreed instalment plan.`,
    sinceTitle: (year: string) => `Since ${year}`,
    sinceText: (customers: string, support: string) =>
      `${customers} have travelled with us, with ${support} support on the road and one team from your first question to your return.`,
  },
  guide: {
    published: 'Published',
    updated: 'Updated',
    minutes: (minutes: string) => `${minutes} min read`,
    onThisPage: 'On this page',
    questions: 'Questions about this guide',
    keepReading: 'Keep reading',
  },
  faq: {
    eyebrow: 'Questions',
    heading: 'Frequently asked questions',
  },
};
export type SiteWords = Translation<typeof site>;
