/** Both lead stores; a suite runs on each (`describe.each(STORE_KINDS)` in Vitest, a loop in Playwright). */
export const STORE_KINDS = ['sqlite', 'postgresql'] as const;
export type StoreKind = (typeof STORE_KINDS)[number];
