import { describe, expect, it } from 'vitest';
import { DATED_CONTENT, frontmatterLastmod } from '@/lib/sitemap-dates';
import { contentLastmods } from '../../src/integrations/sitemap-dates.ts';

describe('frontmatterLastmod', () => {
  it("takes the later of a page's updated and reviewed dates from its frontmatter only", () => {
    const guide =
      "---\ntitle: 'A guide'\npublished: 2024-02-12\nupdated: 2026-11-20\nreviewed: 2026-11-24\n---\n\nupdated: 2030-01-01\n";
    expect(frontmatterLastmod(guide)).toBe('2026-11-24');
    expect(frontmatterLastmod("---\nupdated: '2026-11-27'\n---\nBody")).toBe('2026-11-27');
    expect(frontmatterLastmod('---\ntitle: No date\n---\n')).toBeUndefined();
    expect(frontmatterLastmod('No frontmatter\nreviewed: 2026-11-24')).toBeUndefined();
  });

  it('knows where each dated entry is served', () => {
    expect(DATED_CONTENT.blog('umrah-guide')).toBe('/blog/umrah-guide');
    expect(DATED_CONTENT.landing('december-umrah')).toBe('/december-umrah');
    expect(DATED_CONTENT.landing('ramadan-last-10-days')).toBe('/package/ramadan-last-10-days');
    expect(DATED_CONTENT.pages('privacy-policy')).toBe('/privacy-policy');
  });

  it("dates the site's own guides, listing and company pages", () => {
    const dates = contentLastmods();
    expect(dates.get('/privacy-policy')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(dates.get('/package/ramadan-last-10-days')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect([...dates.keys()].filter((path) => path.startsWith('/blog/')).length).toBeGreaterThan(10);
  });
});
