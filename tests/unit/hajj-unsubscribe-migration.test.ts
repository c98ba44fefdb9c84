import { describe, expect, it } from 'vitest';
import { SCHEMA } from '@/server/db/schema';
import { HajjStore } from '@/server/hajj/store';
import { migratedStores, stepWith, type SeedRow } from './support/schema-steps';
import { STORE_KINDS } from './support/stores';

/*
 * The Hajj list's unsubscribe tokens, readable until the step that keeps only their hash: a link
 * already emailed from a database of before still unsubscribes after it, and no token is left in the
 * database to read, on both stores.
 */

const HASH_STEP = stepWith('hajj_unsubscribe_links');
const LAYLA = 'A'.repeat(42) + 'a';
const OMAR = 'B'.repeat(42) + 'b';
const AT = '2026-10-01T09:00:00.000Z';

const lead = (id: string, reference: string, email: string): SeedRow => [
  `INSERT INTO leads (id, form_id, received_at, fields, reference, contact_email) VALUES (?, 'hajj', ?, '{}', ?, ?)`,
  [id, AT, reference, email],
];
const interest = (leadId: string, token: string, unsubscribedAt: string | null): SeedRow => [
  `INSERT INTO hajj_interest (lead_id, travellers, consented_at, unsubscribe_token, unsubscribed_at)
   VALUES (?, 2, ?, ?, ?)`,
  [leadId, AT, token, unsubscribedAt],
];
const ROWS: SeedRow[] = [
  lead('lead-layla', 'MQ-LAYLA1', 'layla@example.com'),
  lead('lead-omar', 'MQ-OMAR01', 'omar@example.com'),
  interest('lead-layla', LAYLA, null),
  interest('lead-omar', OMAR, AT),
];

/** A store on a database the release before the step left, holding the rows above. */
const migrated = migratedStores('hajj-unsubscribe', HASH_STEP, ROWS);

describe.each(STORE_KINDS)('the Hajj unsubscribe tokens kept as hashes on %s', (kind) => {
  it('still unsubscribes with a link emailed before the step, and keeps no token in the database', async () => {
    expect(HASH_STEP).toBeGreaterThan(0);
    const store = await migrated(kind);
    const hajj = new HajjStore(store.database);
    expect(await hajj.subscription(OMAR)).toEqual({ unsubscribed: true });
    expect(await hajj.subscription(LAYLA)).toEqual({ unsubscribed: false });
    expect(await hajj.unsubscribe(LAYLA, new Date(AT))).toEqual({ done: 'unsubscribed' });
    expect(await hajj.subscription(LAYLA)).toEqual({ unsubscribed: true });
    // The sign-ups keep what they held but the token.
    expect(await store.database.all('SELECT * FROM hajj_interest ORDER BY lead_id')).toEqual([
      { lead_id: 'lead-layla', travellers: 2, consented_at: AT, unsubscribed_at: AT },
      { lead_id: 'lead-omar', travellers: 2, consented_at: AT, unsubscribed_at: AT },
    ]);
    const tables = await store.database.all<{ name: string }>(
      kind === 'sqlite'
        ? "SELECT name FROM sqlite_master WHERE type = 'table'"
        : "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'",
    );
    for (const { name } of tables) {
      const rows = JSON.stringify(await store.database.all(`SELECT * FROM ${name}`));
      expect(rows, name).not.toContain(LAYLA);
      expect(rows, name).not.toContain(OMAR);
    }
    expect(HASH_STEP).toBeLessThan(SCHEMA.length);
  });
});
