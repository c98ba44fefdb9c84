import { describe, expect, it } from 'vitest';
import { DeskListStore } from '@/server/desk/list-store';
import { PrivacyStore } from '@/server/desk/privacy-store';
import { migratedStores, stepWith, type SeedRow } from './support/schema-steps';
import { STORE_KINDS } from './support/stores';

/*
 * A phone number typed on an Arabic keyboard, stored before the step that reads such digits: the
 * desk's search and a privacy request find the enquiry by its number afterwards, on both stores, and
 * a number typed in 0-9 keeps its digits.
 */

const STEP = stepWith('SELECT id, form_id, fields, contact_phone FROM leads');
const AT = '2026-11-20T09:00:00.000Z';

const contact = (id: string, reference: string, phone: string, contactPhone: string): SeedRow => [
  `INSERT INTO leads (id, form_id, received_at, fields, reference, contact_name, contact_email, contact_phone)
   VALUES (?, 'contact', ?, ?, ?, 'amina yusuf', 'amina@example.com', ?)`,
  [
    id,
    AT,
    JSON.stringify({ firstName: 'Amina', lastName: 'Yusuf', email: 'amina@example.com', phone }),
    reference,
    contactPhone,
  ],
];
const ROWS: SeedRow[] = [
  // As the release before stored them: the Arabic digits left no digits to search by.
  contact('lead-arabic', 'MQ-ARABIC', '٣١٢٥٥٥٠١٤٧', ''),
  contact('lead-latin', 'MQ-LATIN1', '(713) 555-0123', '7135550123'),
];

/** A store on a database the release before the step left, holding the rows above. */
const migrated = migratedStores('typed-digits', STEP, ROWS);

describe.each(STORE_KINDS)('a phone number typed in Arabic digits before the step, on %s', (kind) => {
  it('is found by the desk and a privacy request by its digits', async () => {
    expect(STEP).toBeGreaterThan(0);
    const store = await migrated(kind);
    const search = async (term: string) =>
      (await new DeskListStore(store.database).listDesk({ search: term }, 0, 10)).leads.map((lead) => lead.reference);
    expect(await search('312 555 0147')).toEqual(['MQ-ARABIC']);
    expect(await search('٣١٢ ٥٥٥')).toEqual(['MQ-ARABIC']);
    expect(await search('713-555')).toEqual(['MQ-LATIN1']);
    const found = await new PrivacyStore(store).findPerson({ phone: '+1 312 555 0147' });
    expect(found.map((record) => record.lead.reference)).toEqual(['MQ-ARABIC']);
    // The enquiry keeps the number as it was typed.
    const [row] = await store.database.all<{ fields: string }>("SELECT fields FROM leads WHERE id = 'lead-arabic'");
    expect(JSON.parse(row!.fields)).toMatchObject({ phone: '٣١٢٥٥٥٠١٤٧' });
  });
});
