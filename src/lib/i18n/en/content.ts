import { nightsLabel } from '../../format.ts';
import type { Translation } from '../translation.ts';

/**
 * The guides' components' own words (src/components/mdx). Figures arrive formatted in the
 * language; `{price}` and `{unit}` mark where the component puts a price (isolated, so it keeps
 * its direction in right-to-left text) and its unit.
 */
export const content = {
  /** Under a package link's title: "7 Nights · 4 star · from $1,699 per person". */
  packageLine: (nights: number, stars: string) => `${nightsLabel(nights)} · ${stars} star · from {price} {unit}`,
  perPerson: 'per person',
  /** Beside a Hajj figure: what it is, how Nusuk Hajj prices relate to it, and where the coming Hajj is priced. */
  hajjPriceUnit: (label: string, nusukPrices: string, hijri: string) =>
    `per person, ${label}; ${nusukPrices}, and the ${hijri} price is set and paid on Nusuk Hajj`,
  /** A fact made a sentence of its own, with the language's full stop. */
  sentence: (text: string) => `${text}.`,
  nusukHeading: 'Hajj is booked and paid on Nusuk Hajj',
  /** The "who can go" box: the rules as last announced, to be confirmed for the coming season. */
  eligibility: {
    heading: (season: string) => `Who can go for ${season}`,
    confirmed: (announced: string) => `These are the rules announced for ${announced} AH.`,
    toConfirm: (announced: string, coming: string) =>
      `These are the rules the Saudi authorities announced for ${announced} AH; the rules for ${coming} AH are to be confirmed.`,
    conditionsLead: 'The Ministry of Hajj and Umrah does not accept pilgrims with:',
    certificate: (certificate: string) => `Every pilgrim needs ${certificate}.`,
    certificateSource: (announced: string) => `press report of the ${announced} AH rules`,
    mobility:
      'A parent who walks but uses a wheelchair for long distances may go; a parent who cannot manage without a wheelchair or constant help may be refused, so check with us before you register.',
    children: (age: string, announced: string, toConfirm: boolean) =>
      `Children under ${age} were not admitted for ${announced} AH${toConfirm ? ', and the age limit for the coming season is to be confirmed' : ''}.`,
    promise: 'We check eligibility with you, for every member of your family, before anything is paid.',
    source: 'Source:',
  },
};
export type ContentWords = Translation<typeof content>;
