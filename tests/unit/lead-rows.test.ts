import { describe, expect, it } from 'vitest';
import { NO_TOUCH } from '@/lib/leads/first-touch';
import { FORMS, fieldLabel, optionValues } from '@/lib/forms/definitions';
import { leadListRow, placementText, travellerText } from '@/lib/leads/rows';
import { attemptLine, deliveryLine } from '@/lib/outbox/lines';
import { outboxKinds } from '@/server/message-kinds';
import { isFreeText, visitorEmail, visitorName, visitorPhone } from '@/lib/leads/visitor';
import type { FormDef } from '@/lib/forms/types';
import { leadApiConfig } from '@/server/leads/config';

describe('lead rows', () => {
  it('say who travels in words, whatever the form calls its counts', () => {
    expect(travellerText(FORMS.umrah, { adults: '2', children: '1' })).toBe('2 adults, 1 child');
    expect(travellerText(FORMS.detroit, { Adults: '1', Children: '0' })).toBe('1 adult');
    expect(travellerText(FORMS.dallas, { adults: '3', children: '2' })).toBe('3 adults, 2 children');
    expect(travellerText(FORMS['last-10-days'], { adults: '2', children: '3', infants: '1' })).toBe(
      '2 adults, 3 children, 1 infant',
    );
    expect(travellerText(FORMS.hajj, { message: 'no counts' })).toBe('');
    // Counts are read where the form says they are, not wherever a field happens to be called "adults".
    expect(travellerText(FORMS.contact, { adults: '4' })).toBe('');
  });

  it('say where each delivery stands, how often it was tried and when it is tried next', () => {
    const delivery = {
      id: 1,
      leadId: 'x',
      channel: 'webhook' as const,
      destination: 'https://hooks.example/leads',
      status: 'pending' as const,
      attempts: 3,
      nextAttemptAt: Date.parse('2026-11-24T15:30:00Z'),
      lastError: 'HTTP 502',
      deliveredAt: null,
      message: null,
    };
    expect(deliveryLine(delivery, (iso) => `at ${iso}`, outboxKinds.label)).toEqual({
      target: 'Webhook to https://hooks.example/leads',
      state: 'Pending, next try at 2026-11-24T15:30:00.000Z',
      attempts: '3 attempts',
    });
    const done = { ...delivery, status: 'delivered' as const, attempts: 1, lastError: null, deliveredAt: 'T' };
    expect(deliveryLine(done, (iso) => `at ${iso}`, outboxKinds.label)).toEqual({
      target: 'Webhook to https://hooks.example/leads',
      state: 'Delivered at T',
      attempts: '1 attempt',
    });
  });

  it('name a queued message by what it is, not by its channel', () => {
    const quote = {
      kind: 'quote-sent' as const,
      reference: 'MQ-7K3F9Q',
      version: 2,
      totalCents: 545_250,
      validUntil: '2026-11-27',
      token: 'x',
    };
    const delivery = {
      id: 7,
      leadId: 'x',
      channel: 'message' as const,
      destination: 'layla@example.com',
      status: 'delivered' as const,
      attempts: 1,
      nextAttemptAt: 0,
      lastError: null,
      deliveredAt: 'T',
      message: quote,
    };
    expect(deliveryLine(delivery, (iso) => iso, outboxKinds.label).target).toBe(
      'Quote email (version 2) to layla@example.com',
    );
  });

  it('say of each try when it was, how it went and how long it took', () => {
    const failed = { deliveryId: 1, attemptedAt: 'T', ok: false, detail: 'HTTP 502', durationMs: 1234 };
    expect(attemptLine(failed, (iso) => `at ${iso}`)).toEqual({ when: 'at T', outcome: 'Failed: HTTP 502 (1.2 s)' });
    expect(attemptLine({ ...failed, ok: true, detail: 'HTTP 200', durationMs: 87 }, (iso) => iso)).toEqual({
      when: 'T',
      outcome: 'Accepted: HTTP 200 (87 ms)',
    });
  });

  it('name the page a lead came from, with the package for a package booking', () => {
    expect(placementText(FORMS.dallas, 'dallas', {})).toBe('Dallas Umrah page');
    expect(placementText(FORMS.booking, 'booking', { package_name: 'Gold 14' })).toBe('Package page: Gold 14');
    // A field called package_name on a form whose page supplies none is the visitor's, not the page's.
    expect(placementText(FORMS.contact, 'contact', { package_name: 'x' })).toBe('Contact page');
    expect(placementText(undefined, 'retired', {})).toBe('Unknown form "retired"');
  });

  it('name the visitor from any form', () => {
    const base = {
      id: 'x',
      reference: 'MQ-7K3F9Q',
      receivedAt: '2026-11-22T09:00:00.000Z',
      pageUrl: null,
      userAgent: null,
      firstTouch: NO_TOUCH,
      language: 'en' as const,
    };
    expect(leadListRow({ ...base, formId: 'contact', fields: { firstName: 'Maryam', lastName: 'Ali' } }).name).toBe(
      'Maryam Ali',
    );
    const row = leadListRow({ ...base, formId: 'shifting-hajj', fields: { full_name: 'Idris', phone: '555' } });
    expect(row).toMatchObject({ name: 'Idris', phone: '555', page: 'Shifting Hajj page', reference: 'MQ-7K3F9Q' });
  });
});

describe('visitor details', () => {
  it("find the name and reply-to email by the fields' roles under any wire names", () => {
    expect(visitorName(FORMS.contact, { firstName: 'Maryam', lastName: 'Ali' })).toBe('Maryam Ali');
    expect(visitorName(FORMS['shifting-hajj'], { full_name: 'Idris' })).toBe('Idris');
    expect(visitorName(FORMS.hajj, { message: 'no name' })).toBe('');
    expect(visitorEmail(FORMS.visa, { Email: 'yusuf@example.com' })).toBe('yusuf@example.com');
    expect(visitorEmail(FORMS.umrah, { email: 'not an email' })).toBeUndefined();
    expect(visitorPhone(FORMS.houston, { Phone: '7135550123' })).toBe('7135550123');
  });

  it('read a new form with wire names nobody guessed, from its roles alone', () => {
    const guest: FormDef = {
      ...FORMS.booking,
      id: 'guest',
      fields: [
        { kind: 'text', name: 'guest_name', role: 'name', label: 'fullName', required: true },
        { kind: 'email', name: 'contact_address', role: 'email', label: 'email', required: true },
        { kind: 'tel', name: 'mobile', role: 'phone', label: 'phoneOptional', required: false },
        { kind: 'select', name: 'party', role: 'adults', label: 'adults', required: true, options: [] },
      ],
    };
    const fields = { guest_name: 'Hafsa', contact_address: 'hafsa@example.com', mobile: '555', party: '2', name: 'x' };
    expect(visitorName(guest, fields)).toBe('Hafsa');
    expect(visitorEmail(guest, fields)).toBe('hafsa@example.com');
    expect(visitorPhone(guest, fields)).toBe('555');
    expect(travellerText(guest, fields)).toBe('2 adults');
  });

  it('tell free text (message, special requests) from the rest', () => {
    expect(isFreeText(FORMS.contact, 'message')).toBe(true);
    expect(isFreeText(FORMS['last-10-days'], 'special_requests')).toBe(true);
    expect(isFreeText(FORMS.visa, 'Message')).toBe(true);
    expect(isFreeText(FORMS.contact, 'subject')).toBe(false);
    expect(isFreeText(FORMS.umrah, 'name')).toBe(false);
  });
});

describe('optionValues', () => {
  it("lists a select field's values, and nothing for other fields", () => {
    expect(optionValues(FORMS.contact, 'subject')).toHaveLength(7);
    expect(optionValues(FORMS['last-10-days'], 'infants')).toEqual(['0', '1', '2']);
    expect(optionValues(FORMS.contact, 'email')).toEqual([]);
  });
});

describe('staff email sender', () => {
  it("is on the site's own domain unless LEADS_NOTIFY_FROM says otherwise", () => {
    expect(leadApiConfig({ SITE_URL: 'https://www.agency.example' }).notifyFrom).toBe(
      'Website enquiries <leads@www.agency.example>',
    );
    expect(leadApiConfig({ LEADS_NOTIFY_FROM: 'desk@agency.example' }).notifyFrom).toBe('desk@agency.example');
  });
});

describe('fieldLabel', () => {
  it('gives staff a readable label for every name a form sends', () => {
    expect(fieldLabel(FORMS.detroit, 'Name')).toBe('Full name');
    expect(fieldLabel(FORMS.contact, 'phone')).toBe('Phone number');
    expect(fieldLabel(FORMS.detroit, 'Adults')).toBe('Adults');
    expect(fieldLabel(FORMS.detroit, 'Answer')).toBe('Captcha answer');
    expect(fieldLabel(FORMS.detroit, 'Request type')).toBe('Request type');
    expect(fieldLabel(FORMS.december, '_replyto')).toBe('Reply-to email');
    expect(fieldLabel(FORMS.chicago, '_subject')).toBe('Email subject');
    expect(fieldLabel(FORMS['last-10-days'], 'package_price')).toBe('Package price');
    expect(fieldLabel(undefined, 'departure_city')).toBe('Departure city');
  });
});
