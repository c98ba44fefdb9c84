import { describe, expect, it } from 'vitest';
import { contactIndex, phoneDigits, searchDigits } from '@/lib/leads/contact-index';

describe('the contact index a lead is found by', () => {
  it('reads name, email and phone by the form’s roles, whatever the wire names', () => {
    expect(
      contactIndex('contact', {
        firstName: 'Maryam',
        lastName: 'ALI',
        email: 'Maryam@Example.COM',
        phone: '+1 (713) 555-0123',
      }),
    ).toEqual({ name: 'maryam ali', email: 'maryam@example.com', phone: '7135550123' });
    expect(contactIndex('detroit', { Name: 'Yusuf Okafor', Email: 'y@example.com', Phone: '713.555.0123' })).toEqual({
      name: 'yusuf okafor',
      email: 'y@example.com',
      phone: '7135550123',
    });
  });

  it('drops control characters, which PostgreSQL text cannot hold', () => {
    expect(contactIndex('contact', { firstName: 'Om\u0000ar', lastName: 'F', email: 'a\u0000@b.example' })).toEqual({
      name: 'omar f',
      email: 'a@b.example',
      phone: '',
    });
  });

  it('keeps only the digits of a phone number, and a US number without its country code', () => {
    expect(phoneDigits('+1 (512) 555-0143')).toBe('5125550143');
    expect(phoneDigits('1-512-555-0143')).toBe(phoneDigits('512.555.0143'));
    expect(phoneDigits('+44 20 7946 0958')).toBe('442079460958');
    expect(phoneDigits('+1 (512) 555-0143 ext. 2')).toBe('151255501432');
  });

  it('reads part of a US number typed with its country code as the stored digits do', () => {
    expect(searchDigits('+1 713 555')).toBe('713555');
    expect(searchDigits('+1(713)')).toBe('713');
    expect(searchDigits('1-713-555')).toBe('713555');
    expect(searchDigits('+1 713 555 0123')).toBe('7135550123');
    // Without a country code written, the digits are taken as typed.
    expect(searchDigits('17135')).toBe('17135');
    expect(searchDigits('555 01')).toBe('55501');
    expect(searchDigits('+44 20 7946')).toBe('44207946');
  });
});
