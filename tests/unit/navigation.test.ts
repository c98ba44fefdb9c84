import { describe, expect, it } from 'vitest';
import { drawerNav, headerNav, isCurrent, isNavGroup } from '@/lib/navigation';

describe('navigation', () => {
  it('gives the header the spec order with Packages as a four-link dropdown', () => {
    expect(headerNav.map((item) => item.label)).toEqual([
      'Home',
      'About Us',
      'Packages',
      'Islamic Holidays',
      'Blog',
      'Contact',
    ]);
    const packages = headerNav.find(isNavGroup);
    expect(packages?.children.map((link) => link.label)).toEqual([
      'Umrah Packages',
      'Hajj Packages',
      'Ramadan Umrah',
      'December Umrah',
      'Package Finder',
    ]);
  });

  it('keeps Ramadan and December out of the drawer, as on the current site', () => {
    expect(drawerNav.map((link) => link.href)).not.toContain('/ramadan-umrah');
    expect(drawerNav.map((link) => link.href)).not.toContain('/december-umrah');
  });

  it('marks a group current when one of its pages is open', () => {
    const packages = headerNav.find(isNavGroup)!;
    expect(isCurrent(packages, '/hajj-packages')).toBe(true);
    expect(isCurrent(packages, '/about-us')).toBe(false);
    expect(isCurrent({ label: 'Home', href: '/' }, '/')).toBe(true);
    expect(isCurrent({ label: 'About', href: '/about-us' }, '/about-us/')).toBe(true);
  });
});
