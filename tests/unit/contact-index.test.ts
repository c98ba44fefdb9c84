import { describe, expect, it } from 'vitest';
import { contactIndex } from '@/lib/leads/contact-index';

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
});
