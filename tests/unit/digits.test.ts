import { describe, expect, it } from 'vitest';
import { latinDigits } from '@/lib/digits';

describe('digits typed on any keyboard', () => {
  it('are read as 0-9, and everything around them is kept', () => {
    expect(latinDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(latinDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(latinDigits('০১২৩৪৫৬৭৮৯')).toBe('0123456789');
    expect(latinDigits('०१२३४५६७८९')).toBe('0123456789');
    expect(latinDigits('０１２３４５６７８９')).toBe('0123456789');
    expect(latinDigits('+١ (٣١٢) 555-٠١٤٧')).toBe('+1 (312) 555-0147');
    expect(latinDigits('هاتف: ٣')).toBe('هاتف: 3');
  });
});
