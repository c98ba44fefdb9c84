/** Line-icon path data (24x24, stroked), shared by Astro components and islands. */
export const iconPaths = {
  chat: 'M4 20l1.3-3.9A8 8 0 1 1 8 19.3L4 20z M8.5 9.5c.3 2.5 2.5 4.7 5 5l1.2-1.2 2 1-.5 1.6c-4.4.2-8.8-4.2-8.6-8.6l1.6-.5 1 2z',
  phone: 'M5 4h3l1.5 4-2 1.2a11 11 0 0 0 5.3 5.3l1.2-2 4 1.5v3a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z',
  mail: 'M3 6h18v12H3z M3 7l9 6 9-6',
  pin: 'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z M12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z M12 7v5l3 2',
  shield: 'M12 3l8 3v6c0 4.5-3.4 8.2-8 9-4.6-.8-8-4.5-8-9V6z M8.5 12l2.5 2.5 4.5-5',
  star: 'M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6-5.4-3-5.4 3 1.2-6-4.5-4.2 6.1-.7z',
  heart: 'M12 20s-7.5-4.6-7.5-10A4.5 4.5 0 0 1 12 7.5 4.5 4.5 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10z',
  eye: 'M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12z M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  menu: 'M4 7h16 M4 12h16 M4 17h16',
  chevron: 'M6 9l6 6 6-6',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  plane: 'M2.5 13.5l7-1.5 5.5-7.5h2.5l-3 8 5-.5 1.5-2h2l-1.5 4 1.5 4h-2l-1.5-2-5-.5 3 8H15l-5.5-7.5-7-1.5z',
  hotel: 'M4 21V5l8-2 8 2v16 M9 21v-4h6v4 M8 8h2 M14 8h2 M8 12h2 M14 12h2',
  passport: 'M6 3h12v18H6z M12 14a3 3 0 1 0 0-6 3 3 0 0 0 0 6z M9 17h6',
  bus: 'M5 4h14v13H5z M5 11h14 M7.5 20v-3 M16.5 20v-3 M8 14h.01 M16 14h.01',
  compass: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z M15.5 8.5l-2 5-5 2 2-5z',
  users:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z M2.5 20a6.5 6.5 0 0 1 13 0 M16 4.5a3.5 3.5 0 0 1 0 6.5 M18 14a6 6 0 0 1 3.5 6',
  umbrella: 'M3 12a9 9 0 0 1 18 0z M12 12v7a2 2 0 0 0 4 0',
  card: 'M3 6h18v12H3z M3 10h18 M7 15h4',
  bank: 'M3 10l9-6 9 6 M5 10v8 M9.5 10v8 M14.5 10v8 M19 10v8 M3 20h18',
  cash: 'M3 7h18v10H3z M12 14.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  cheque: 'M3 6h18v12H3z M6 14l3-3 2 2 3-4 M14 15h4',
  lock: 'M6 11h12v10H6z M8.5 11V8a3.5 3.5 0 0 1 7 0v3',
  receipt: 'M6 3h12v18l-3-2-3 2-3-2-3 2z M9 8h6 M9 12h6',
  x: 'M6 6l12 12 M18 6L6 18',
  arrow: 'M5 12h14 M13 6l6 6-6 6',
  search: 'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13z M15.5 15.5L20 20',
  moon: 'M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z',
  filter: 'M4 5h16 M7 12h10 M10 19h4',
  alert: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z M12 7.5v5.5 M12 16.5h.01',
  refresh: 'M20 11a8 8 0 0 0-14.6-4.5L4 8 M4 4v4h4 M4 13a8 8 0 0 0 14.6 4.5L20 16 M20 20v-4h-4',
  plus: 'M12 5v14 M5 12h14',
  minus: 'M5 12h14',
} as const;

export type IconName = keyof typeof iconPaths;

// Icons that point along the line of text ("next", "go on") and so point the other way in Urdu
// and Arabic; the chevron points down and the others have no direction. The class is written out
// whole here so that the stylesheets, which scan this file, build its rule.
const MIRRORED: ReadonlySet<IconName> = new Set(['arrow']);
const MIRROR_IN_RTL = 'rtl:[scale:-1_1]';

/** The class that turns an icon round on a right-to-left page, or '' for an icon without a direction. */
export function rtlMirrorClass(name: IconName): string {
  return MIRRORED.has(name) ? MIRROR_IN_RTL : '';
}
