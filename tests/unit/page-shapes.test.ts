import { describe, expect, it } from 'vitest';
import { onePerShape, pageShape } from '../support/page-shapes';

const card = (title: string, href: string, extra = '') =>
  `<main><h1 class="text-3xl">${title}</h1><a href="${href}" class="btn"${extra}>Book ${title}</a><img src="/${href}.png" alt="${title}"></main>`;

describe('page shapes', () => {
  it('are the same for pages that differ only in words, links and pictures', () => {
    expect(pageShape(card('Economy', '/package/economy'))).toBe(pageShape(card('Premium Hajj', '/package/premium')));
  });

  it('differ when a class, a role, a section or an empty name differs', () => {
    const base = pageShape(card('Economy', '/a'));
    expect(pageShape(card('Economy', '/a').replace('class="btn"', 'class="btn btn-gold"'))).not.toBe(base);
    expect(pageShape(card('Economy', '/a', ' role="button"'))).not.toBe(base);
    expect(pageShape(card('Economy', '/a') + '<section><h2>Itinerary</h2></section>')).not.toBe(base);
    expect(pageShape(card('Economy', '/a').replace('alt="Economy"', 'alt=""'))).not.toBe(base);
    expect(pageShape(card('', '/a').replace('>Book </a>', '></a>'))).not.toBe(base);
  });

  it('count a run of identical siblings once, but not siblings that differ or move', () => {
    const list = (...items: string[]) =>
      `<main><h1>Days</h1><ol>${items.map((item) => `<li class="day">${item}</li>`).join('')}</ol></main>`;
    expect(pageShape(list('Makkah', 'Madinah', 'Home'))).toBe(pageShape(list('Makkah', 'Madinah')));
    const marked = list('Makkah').replace('</ol>', '<li class="day day-last">Home</li></ol>');
    expect(pageShape(marked)).not.toBe(pageShape(list('Makkah')));
    const reordered = '<main><ol><li class="day">Makkah</li></ol><h1>Days</h1></main>';
    expect(pageShape(reordered)).not.toBe(pageShape(list('Makkah')));
  });

  it('read tags inside scripts and styles as text, not as elements', () => {
    const page = '<main><h1>Hi</h1></main>';
    expect(pageShape(page.replace('</main>', '<script>let a = "<div class=x>";</script></main>'))).toBe(
      pageShape(page.replace('</main>', '<script>let b = "<p>";</script></main>')),
    );
  });

  it('keeps the first page of each shape and counts the pages it stands for', () => {
    const pages = [
      { path: '/package/a', html: card('A', '/a') },
      { path: '/about-us', html: '<main><p>About</p></main>' },
      { path: '/package/b', html: card('B', '/b') },
    ];
    expect(onePerShape(pages)).toEqual([
      { path: '/package/a', standsFor: 2 },
      { path: '/about-us', standsFor: 1 },
    ]);
  });
});
