import { describe, expect, it } from 'vitest';
import { markEnd, markStart, spliceMarked } from '@/lib/reviews/page-marks';

const page = [
  '<html><head>',
  `${markStart('package-ld')}<script type="application/ld+json">{"old":1}</script>${markEnd('package-ld')}`,
  '</head><body><h1>Package</h1>',
  `${markStart('package-reviews')}<section>No review yet</section>${markEnd('package-reviews')}`,
  '<form><input name="touch" value=""></form></body></html>',
].join('');

describe('markStart and markEnd', () => {
  it('are HTML comments naming the part, the end with a slash', () => {
    expect(markStart('home-reviews')).toBe('<!--home-reviews-->');
    expect(markEnd('home-reviews')).toBe('<!--/home-reviews-->');
  });
});

describe('spliceMarked', () => {
  it('puts each part the fragment holds in place of the page’s own and leaves every other byte', () => {
    const fragment = [
      `${markStart('package-ld')}<script type="application/ld+json">{"new":2}</script>${markEnd('package-ld')}`,
      '\n',
      `${markStart('package-reviews')}<section>Two reviews</section>${markEnd('package-reviews')}`,
    ].join('');
    const spliced = spliceMarked(page, fragment)!;
    expect(spliced).toBe(page.replace('{"old":1}', '{"new":2}').replace('No review yet', 'Two reviews'));
    // The marks stay, so the next look replaces the part again.
    expect(spliceMarked(spliced, fragment)).toBe(spliced);
  });

  it('changes nothing when the fragment holds no part or names one the page lacks', () => {
    expect(spliceMarked(page, '<p>nothing marked</p>')).toBeNull();
    expect(spliceMarked(page, `${markStart('home-reviews')}<section>x</section>${markEnd('home-reviews')}`)).toBeNull();
  });

  it('refuses a page whose part is not closed, or marked twice', () => {
    const fragment = `${markStart('package-reviews')}<section>x</section>${markEnd('package-reviews')}`;
    expect(spliceMarked(page.replace(markEnd('package-reviews'), ''), fragment)).toBeNull();
    expect(spliceMarked(page + markStart('package-reviews'), fragment)).toBeNull();
  });
});
