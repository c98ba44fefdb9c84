import { describe, expect, it } from 'vitest';
import { iconPaths, rtlMirrorClass, type IconName } from '@/lib/icons';

describe('icons in right-to-left pages', () => {
  it('turn the arrow, which points along the line, round with the rtl variant', () => {
    expect(rtlMirrorClass('arrow')).toBe('rtl:[scale:-1_1]');
  });

  it('leave icons without a left or right as they are', () => {
    const still = (Object.keys(iconPaths) as IconName[]).filter((name) => rtlMirrorClass(name) === '');
    expect(still).toContain('chevron');
    expect(still).toContain('phone');
    expect(still).toHaveLength(Object.keys(iconPaths).length - 1);
  });
});
