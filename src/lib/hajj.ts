import type { FactsSettings } from './facts-schema.ts';
import { content, type ContentWords } from './i18n/en/content.ts';

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

/**
 * Shapes the eligibility fact for the coming season, e.g. `hajjEligibility(facts.hajj.eligibility, 'Hajj 2027 (1448 AH)', 1448)`,
 * in English or, given a language's words and number format, in that language.
 */
export function hajjEligibility(
  rule: Eligibility,
  seasonLabel: string,
  comingHijriYear: number,
  words: ContentWords['eligibility'] = content.eligibility,
  number: (value: number) => string = String,
): EligibilityBox {
  const confirmed = rule.announcedFor >= comingHijriYear;
  const announced = number(rule.announcedFor);
  return {
    heading: words.heading(seasonLabel),
    status: confirmed ? words.confirmed(announced) : words.toConfirm(announced, number(comingHijriYear)),
    conditionsLead: words.conditionsLead,
    conditions: rule.conditions,
    certificate: words.certificate(rule.certificate),
    certificateSource: rule.certificateSource,
    mobility: words.mobility,
    children: words.children(number(rule.childMinAge), announced, !confirmed),
    promise: words.promise,
    source: { href: rule.source, name: rule.sourceName },
  };
}
