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
