import { describe, expect, it } from 'vitest';
import { registrationLines } from '@/lib/fact-lookup';
import { facts } from '@/lib/facts';

describe('seller-of-travel registrations in the footer', () => {
  it('print nothing while no number is set, as shipped', () => {
    expect(facts.registrations.californiaCst).toBe('');
    expect(registrationLines()).toEqual([]);
  });

  it('print the California number, and any other state, once set', () => {
    expect(registrationLines({ californiaCst: '2123456-40', other: { Washington: '603-123-456' } })).toEqual([
      'California Seller of Travel Reg. No. 2123456-40',
      'Washington Seller of Travel Reg. No. 603-123-456',
    ]);
  });
});
