import { describe, expect, it } from 'vitest';
import { accreditationLine, hajjRoleLines } from '@/lib/claims';
import { facts } from '@/lib/facts';
import { hajjEligibility } from '@/lib/hajj';
import { priceUnit } from '@/lib/package-page';
import { site } from '@/lib/site';

describe('hajjEligibility', () => {
  const rule = facts.hajj.eligibility;

  it('marks the rules as announced for the last season and to be confirmed for the coming one', () => {
    const box = hajjEligibility(rule, 'Hajj 2027 (1448 AH)', 1448);
    expect(box.heading).toBe('Who can go for Hajj 2027 (1448 AH)');
    expect(box.status).toContain(`announced for ${rule.announcedFor} AH`);
    expect(box.status).toContain('the rules for 1448 AH are to be confirmed');
    expect(box.children).toBe(
      `Children under ${rule.childMinAge} were not admitted for ${rule.announcedFor} AH, and the age limit for the coming season is to be confirmed.`,
    );
    expect(box.conditions).toEqual(rule.conditions);
    expect(box.promise).toMatch(/before anything is paid/);
  });

  it('drops "to be confirmed" once the rules are announced for the coming season', () => {
    const box = hajjEligibility({ ...rule, announcedFor: 1448 }, 'Hajj 2027 (1448 AH)', 1448);
    expect(box.status).toBe('These are the rules announced for 1448 AH.');
    expect(box.children).not.toContain('to be confirmed');
  });
});

describe('the agency claims', () => {
  it('show an accreditation only with its number', () => {
    const claims = (body: string, number: string) => ({ ...site.claims, accreditation: { body, number } });
    expect(accreditationLine(site.claims)).toBeUndefined();
    expect(accreditationLine(claims('ARC accredited', ''))).toBeUndefined();
    expect(accreditationLine(claims('ARC accredited', '12345678'))).toBe('ARC accredited, No. 12345678');
  });

  it('state the Hajj role and registration only when set, and by default claim no registration', () => {
    expect(hajjRoleLines({ role: '', registration: '' })).toEqual([]);
    expect(hajjRoleLines({ role: 'We help.', registration: ' ' })).toEqual(['We help.']);
    expect(site.hajj.registration).toBe('');
    expect(hajjRoleLines(site.hajj).join(' ')).not.toMatch(/approved|authori[sz]ed|licensed/i);
  });
});

describe('priceUnit', () => {
  it('reads a Nusuk Hajj price as indicative and paid there, and ours as per person', () => {
    expect(priceUnit('nusuk-hajj')).toBe('per person, indicative: set and paid on Nusuk Hajj');
    expect(priceUnit(undefined)).toBe('per person');
  });
});
