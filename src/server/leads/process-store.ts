import type { LeadStore } from './store.ts';

/*
 * The server process holds two module graphs: main.ts, run by Node, and Astro's bundle (the pages
 * and API routes), each with its own copy of the lead modules. The store main.ts opens is left on
 * `globalThis` for the pages, so a process has one SQLite connection or one PostgreSQL pool (a
 * managed database counts connections), and the graceful shutdown closes the only one. Under
 * `astro dev` nothing is offered, and the lead API opens a store of its own.
 */
const OFFERED = Symbol.for('miqat.lead-store');
type Holder = { [OFFERED]?: LeadStore };

/** Offers the process's open store to the pages; main.ts calls it before it takes traffic. */
export function offerLeadStore(store: LeadStore): void {
  (globalThis as Holder)[OFFERED] = store;
}

/** The store main.ts opened for this process, if it did. */
export function offeredLeadStore(): LeadStore | undefined {
  return (globalThis as Holder)[OFFERED];
}
