import type { FactsSettings } from './facts-schema.ts';

type Eligibility = FactsSettings['facts']['hajj']['eligibility'];

/** What the "Who can go for Hajj" box says: the rules as last announced, to be confirmed for the coming season. */
export interface EligibilityBox {
  heading: string;
  status: string;
  conditionsLead: string;
  conditions: Eligibility['conditions'];
  certificate: string;
  certificateSource: string;
  /** What the wheelchair exclusion means for a family planning Hajj with a parent. */
  mobility: string;
  children: string;
  promise: string;
  source: { href: string; name: string };
}

/** Shapes the eligibility fact for the coming season, e.g. `hajjEligibility(facts.hajj.eligibility, 'Hajj 2027 (1448 AH)', 1448)`. */
export function hajjEligibility(rule: Eligibility, seasonLabel: string, comingHijriYear: number): EligibilityBox {
  const confirmed = rule.announcedFor >= comingHijriYear;
  return {
    heading: `Who can go for ${seasonLabel}`,
    status: confirmed
      ? `These are the rules announced for ${rule.announcedFor} AH.`
      : `These are the rules the Saudi authorities announced for ${rule.announcedFor} AH; the rules for ${comingHijriYear} AH are to be confirmed.`,
    conditionsLead: 'The Ministry of Hajj and Umrah does not accept pilgrims with:',
    conditions: rule.conditions,
    certificate: `Every pilgrim needs ${rule.certificate}.`,
    certificateSource: rule.certificateSource,
    mobility:
      'A parent who walks but uses a wheelchair for long distances may go; a parent who cannot manage without a wheelchair or constant help may be refused, so check with us before you register.',
    children: `Children under ${rule.childMinAge} were not admitted for ${rule.announcedFor} AH${confirmed ? '' : ', and the age limit for the coming season is to be confirmed'}.`,
    promise: 'We check eligibility with you, for every member of your family, before anything is paid.',
    source: { href: rule.source, name: rule.sourceName },
  };
}
