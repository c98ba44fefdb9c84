import { formTextIn } from '@/lib/forms/text-in';
import { describe, expect, it } from 'vitest';
import { accreditationLine, claimText, hajjRoleLines, priceBasis, registrationLines } from '@/lib/claims';
import { parseSiteSettings } from '@/lib/site-schema';
import { facts } from '@/lib/facts';
import { hajjEligibility } from '@/lib/hajj';
import { durationText, packageFormId, priceUnit } from '@/lib/package-page';
import { factText } from '@/lib/fact-lookup';
import { site } from '@/lib/site';
import { FORMS } from '@/lib/forms/definitions';
import type { StoredLead } from '@/lib/leads/model';
import { acknowledgementEmail } from '@/server/leads/delivery';

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

  it('print seller-of-travel registrations only when set, and name a malformed CST number (F20)', () => {
    expect(registrationLines(site.registrations)).toEqual([]);
    expect(
      registrationLines({
        californiaCst: '2123456-40',
        californiaProtection: 'a trust account',
        floridaSot: 'ST12345',
        other: { Washington: '602-123-456' },
      }),
    ).toEqual([
      'California Seller of Travel Reg. No. 2123456-40. Registration as a seller of travel does not constitute approval by the State of California.',
      'California law requires certain sellers of travel to have a trust account or bond. This business has a trust account.',
      'Fla. Seller of Travel Reg. No. ST12345',
      'Washington Seller of Travel Reg. No. 602-123-456',
    ]);
    const broken = structuredClone(site) as { registrations: { californiaCst: string } };
    broken.registrations.californiaCst = 'CST pending';
    expect(() => parseSiteSettings(broken)).toThrow(/registrations\.californiaCst: a CST number/);
  });

  it('show each figure with its basis only when the agency has set one (N09, F19, P13, P18)', () => {
    expect(claimText(site.claims, 'visaSuccess')).toBe(site.claims.visaSuccess);
    const withBasis = {
      ...site.claims,
      basis: { ...site.claims.basis, customers: 'counted from our bookings since 2008' },
    };
    expect(claimText(withBasis, 'customers', 'pilgrims')).toBe(
      `${site.claims.customers} pilgrims (counted from our bookings since 2008)`,
    );
    expect(priceBasis(site.claims, 'originalPrices')).toBeUndefined();
    expect(priceBasis({ ...site.claims, basis: { ...site.claims.basis, prices: ' 4 sharing ' } }, 'prices')).toBe(
      '4 sharing',
    );
  });

  it('state the Hajj role and registration only when set, and by default claim no registration', () => {
    expect(hajjRoleLines({ role: '', registration: '' })).toEqual([]);
    expect(hajjRoleLines({ role: 'We help.', registration: ' ' })).toEqual(['We help.']);
    expect(site.hajj.registration).toBe('');
    expect(hajjRoleLines(site.hajj).join(' ')).not.toMatch(/approved|authori[sz]ed|licensed/i);
    // The role says the pilgrim keeps the account and pays only on Nusuk Hajj (P01).
    expect(site.hajj.role).toMatch(/never log in for you, hold your password or take any payment/);
  });
});

describe('priceUnit', () => {
  it('reads a Hajj figure as our former list price, with how Nusuk Hajj prices relate to it (P02)', () => {
    expect(priceUnit('nusuk-hajj')).toBe(
      'per person, our former list price, not a Nusuk Hajj price; Nusuk Hajj packages for pilgrims from Western countries have often cost two or three times our former list prices, and the 1448 AH price is set and paid on Nusuk Hajj',
    );
    // No label says a Nusuk package was sold at the figure (decisions.md, fifth round).
    expect(priceUnit('nusuk-hajj')).not.toMatch(/season's price|indicative/);
    expect(priceUnit(undefined)).toBe('per person');
  });
});

describe('Hajj package pages', () => {
  it("carry their Hajj page's interest form, never the booking form (P01)", () => {
    expect(packageFormId('hajj-non-shifting')).toBe('non-shifting-hajj');
    expect(packageFormId('hajj-shifting')).toBe('shifting-hajj');
    expect(packageFormId('city')).toBe('booking');
  });

  it('say the nights a package count leaves out, so a shifting stay is not read as 4 nights (P14)', () => {
    expect(durationText({ nights: 4, durationNote: 'Aziziyah before the Hajj days' })).toBe(
      'Aziziyah before the Hajj days, then 4 Nights',
    );
    expect(durationText({ nights: 7 })).toBe('7 Nights');
  });
});

describe('the eligibility box', () => {
  it('lists the reported wheelchair exclusion and cites a source for every condition (P03)', () => {
    const box = hajjEligibility(facts.hajj.eligibility, 'Hajj 2027 (1448 AH)', 1448);
    const wheelchair = box.conditions.find((condition) => /wheelchair/.test(condition.text));
    expect(wheelchair?.source).toMatch(/theweek\.in/);
    for (const condition of box.conditions) expect(condition.source).toMatch(/^https:\/\//);
    expect(box.mobility).toMatch(/cannot manage without a wheelchair or constant help may be refused/);
  });
});

describe('the ACWY fact', () => {
  it('says per trip type what applies, with a source and a checked date, for a checklist to read', () => {
    const { acwy } = facts.health;
    expect(acwy.hajj.status).toBe('required');
    expect(acwy.umrah.status).toBe('recommended');
    expect(acwy.daysBeforeArrival).toBe(10);
    expect([acwy.conjugateYears, acwy.polysaccharideYears]).toEqual([5, 3]);
    expect(acwy.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(factText('health.acwy.umrah')).toMatch(/suspended/);
    expect(factText('health.acwy.hajj.status')).toBe('required');
  });
});

describe('the Hajj interest forms', () => {
  it('ask to be told when each Nusuk Hajj step opens, and never offer to book (P01)', () => {
    for (const form of [FORMS.hajj, FORMS['shifting-hajj'], FORMS['non-shifting-hajj']]) {
      expect(form.heading).toBe('Hajj 1448: tell me when each Nusuk Hajj step opens, and help me choose');
      expect(`${form.heading} ${form.intro} ${formTextIn(form, 'en').submit}`).not.toMatch(/\bbook|reserve|price\b/i);
      expect(form.next).toMatch(/Booking and payment happen only on Nusuk Hajj/);
    }
    expect('next' in FORMS.booking).toBe(false);
  });

  it("say in the visitor's acknowledgement that booking and payment happen only on Nusuk Hajj", () => {
    const lead = { id: 'l1', reference: 'MQ-7K3F9Q', formId: 'hajj', pageUrl: null, language: 'en' } as StoredLead;
    const { text } = acknowledgementEmail(
      lead,
      'a@example.com',
      'leads@miqat-travel.example',
      'https://miqat-travel.example',
    );
    expect(text).toContain('Booking and payment happen only on Nusuk Hajj (hajj.nusuk.sa)');
    const contact = acknowledgementEmail(
      { ...lead, formId: 'contact' },
      'a@example.com',
      'x@y.example',
      'https://miqat-travel.example',
    );
    expect(contact.text).not.toContain('Nusuk');
  });
});
