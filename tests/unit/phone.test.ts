import { describe, expect, it } from 'vitest';
import { internationalDigits, phoneDigits, searchDigits } from '@/lib/phone';

describe('phone numbers', () => {
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

  it('reads a number typed on an Arabic, Urdu or Bengali keyboard as the same digits', () => {
    expect(phoneDigits('٣١٢٥٥٥٠١٤٧')).toBe('3125550147');
    expect(phoneDigits('+۱ (۳۱۲) ۵۵۵-۰۱۴۷')).toBe('3125550147');
    expect(phoneDigits('৩১২ ৫৫৫ ০১৪৭')).toBe('3125550147');
    expect(phoneDigits('३१२५५५०१४७')).toBe('3125550147');
    expect(phoneDigits('３１２５５５０１４７')).toBe('3125550147');
    expect(searchDigits('+١ ٣١٢ ٥٥٥')).toBe('312555');
    expect(internationalDigits('٣١٢٥٥٥٠١٤٧')).toBe('13125550147');
  });

  it('writes phone numbers in international digits, and refuses numbers too short to be real', () => {
    expect(internationalDigits('713-555-0123')).toBe('17135550123');
    expect(internationalDigits('+1 (713) 555 0123')).toBe('17135550123');
    expect(internationalDigits('+44 7700 900123')).toBe('447700900123');
    expect(internationalDigits('0044 7700 900123')).toBe('447700900123');
    expect(internationalDigits('555-0123')).toBeUndefined();
    expect(internationalDigits('')).toBeUndefined();
  });

  it('refuses a number longer than E.164 allows, and takes one a digit short of it', () => {
    expect(internationalDigits('+1234567890123456')).toBeUndefined();
    expect(internationalDigits('+123456789012345')).toBe('123456789012345');
  });
});
