/** The spec's holiday trips (site-spec.md, "Holiday packages"): country, days, sale and original price. */
export const SPEC_HOLIDAYS: Record<string, [country: string, days: number, price: number, originalPrice: number]> = {
  'istanbul-3-days-package': ['turkey', 3, 899, 1199],
  'istanbul-5-days-package': ['turkey', 5, 1299, 1699],
  'istanbul-cappadocia-6-day-package': ['turkey', 6, 1799, 2299],
  'cappadocia-3-day-package': ['turkey', 3, 1099, 1399],
  'amman-3-days-package': ['jordan', 3, 799, 1099],
  'amman-petra-5-days-package': ['jordan', 5, 1499, 1899],
  'amman-petra-wadi-rum-aqaba-7-days-package': ['jordan', 7, 2199, 2799],
  'dubai-3-days-package': ['uae', 3, 1199, 1599],
  'dubai-sharjah-5-days-package': ['uae', 5, 1699, 2199],
  'dubai-sharjah-abu-dhabi-7-days-package': ['uae', 7, 2399, 3099],
  'cairo-giza-2-days-package': ['egypt', 2, 599, 799],
  'cairo-giza-3-day-package': ['egypt', 3, 899, 1199],
  'cairo-4-days-package': ['egypt', 4, 1299, 1699],
};
