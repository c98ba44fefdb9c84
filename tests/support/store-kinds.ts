/** Both lead stores; a suite runs on each (`describe.each(STORE_KINDS)` in Vitest, a loop in Playwright). */
export const STORE_KINDS = ['sqlite', 'postgresql'] as const;
export type StoreKind = (typeof STORE_KINDS)[number];

/**
 * The store the desk's browser specs run on in full. On the other store each of them keeps a smoke
 * test or two: the desk's queries are proven alike on both stores by the unit suites (desk-store,
 * desk-auth, dashboard-privacy), and what a browser adds (pages, forms, cookies) does not depend on
 * the store. One store in the browser also means fewer servers on a 2-core machine.
 */
export const FULL_BROWSER_STORE: StoreKind = 'sqlite';
