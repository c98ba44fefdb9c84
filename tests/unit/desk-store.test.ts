import { OutboxQueue } from '@/server/outbox/queue';
import { afterEach, describe, expect, it } from 'vitest';
import { DeskListStore } from '@/server/desk/list-store';
import { PipelineChangeError, PipelineStore } from '@/server/desk/pipeline-store';
import { PrivacyStore } from '@/server/desk/privacy-store';
import { retentionPass, startRetention } from '@/server/desk/retention';
import type { DeskLead } from '@/lib/desk/model';
import { leadApiConfig } from '@/server/leads/config';
import type { SqlLeadStore } from '@/server/leads/sql-lead-store';
import type { DeliveryTarget, StoredLead } from '@/lib/leads/model';
import { STORE_KINDS, openTestStore, storeAt, type StoreKind, type TestStoreLocation } from './support/stores';

const open: SqlLeadStore[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((store) => store.close()));
});

/** The desk's three stores over one lead store. */
interface DeskStores {
  lists: DeskListStore;
  pipeline: PipelineStore;
  privacy: PrivacyStore;
}

function deskStores(store: SqlLeadStore): DeskStores {
  return {
    lists: new DeskListStore(store.database),
    pipeline: new PipelineStore(store.database),
    privacy: new PrivacyStore(store),
  };
}

interface Desk {
  store: SqlLeadStore & { location: TestStoreLocation };
  desk: DeskStores;
  /** Stores an Umrah enquiry from this person, `minutes` after 2026-11-01T12:00Z. */
  lead(
    person: Partial<Record<'name' | 'email' | 'phone', string>>,
    minutes?: number,
    options?: LeadOptions,
  ): Promise<StoredLead>;
  staff(email: string): Promise<string>;
}

interface LeadOptions {
  formId?: string;
  deliveries?: DeliveryTarget[];
  idempotencyKey?: string;
}

const START = Date.parse('2026-11-01T12:00:00.000Z');
const at = (minutes: number) => new Date(START + minutes * 60_000);

async function openDesk(kind: StoreKind): Promise<Desk> {
  const store = await openTestStore(kind);
  open.push(store);
  let minute = 0;
  let staffCount = 0;
  return {
    store,
    desk: deskStores(store),
    async lead(person, minutes, options = {}) {
      minute = minutes ?? minute + 1;
      const fields: Record<string, string> = { adults: '2' };
      if (person.name !== undefined) fields['name'] = person.name;
      if (person.email !== undefined) fields['email'] = person.email;
      if (person.phone !== undefined) fields['phone'] = person.phone;
      const stored = await store.insertLead(
        {
          formId: options.formId ?? 'umrah',
          fields,
          pageUrl: 'https://miqat-travel.example/umrah-packages',
          userAgent: null,
        },
        { now: at(minute), deliveries: options.deliveries ?? [], idempotencyKey: options.idempotencyKey },
      );
      return stored!;
    },
    async staff(email) {
      staffCount += 1;
      const id = `staff-${staffCount}`;
      await store.database.run(
        'INSERT INTO staff (id, email, role, password_hash, must_change_password, created_at) VALUES (?, ?, ?, ?, 0, ?)',
        [id, email, 'agent', '$argon2id$unused', '2026-11-01T00:00:00.000Z'],
      );
      return id;
    },
  };
}

const references = (leads: readonly DeskLead[]) => leads.map((lead) => lead.reference);

describe.each(STORE_KINDS)('the desk store on %s', (kind) => {
  it('reads a lead with its place in the pipeline, new and unassigned at first', async () => {
    const { desk, lead } = await openDesk(kind);
    const stored = await lead({ name: 'Amina Yusuf', email: 'amina@example.com', phone: '312-555-0147' });
    expect(await desk.lists.deskLead(stored.id)).toEqual({
      ...stored,
      status: 'new',
      lostReason: null,
      assignee: null,
      followUp: null,
      firstContactedAt: null,
      lastNote: null,
    });
    expect(await desk.lists.deskLead('no-such-lead')).toBeUndefined();
  });

  it('pages newest first with the total of the whole match on every page', async () => {
    const { desk, lead } = await openDesk(kind);
    const made: StoredLead[] = [];
    for (let index = 0; index < 7; index += 1) made.push(await lead({ name: `Person ${index}` }));
    const newestFirst = made.map((stored) => stored.reference).reverse();
    const first = await desk.lists.listDesk({}, 0, 3);
    const second = await desk.lists.listDesk({}, 3, 3);
    const third = await desk.lists.listDesk({}, 6, 3);
    expect([first.total, second.total, third.total]).toEqual([7, 7, 7]);
    expect([...references(first.leads), ...references(second.leads), ...references(third.leads)]).toEqual(newestFirst);
    expect(await desk.lists.listDesk({}, 10, 3)).toEqual({ leads: [], total: 7 });
    expect(references(await desk.lists.allDesk({}))).toEqual(newestFirst);
  });

  it('filters by status, placement, assignee and time, alone and together', async () => {
    const { desk, lead, staff } = await openDesk(kind);
    const amina = await staff('amina@agency.example');
    const omar = await staff('omar@agency.example');
    const a = await lead({ name: 'A' }, 10, { formId: 'umrah' });
    const b = await lead({ name: 'B' }, 20, { formId: 'hajj' });
    const c = await lead({ name: 'C' }, 30, { formId: 'dallas' });
    const d = await lead({ name: 'D' }, 40, { formId: 'umrah' });
    await desk.pipeline.updatePipeline(a.id, { status: 'contacted', assigneeId: amina }, 'owner@agency.example');
    await desk.pipeline.updatePipeline(c.id, { status: 'contacted', assigneeId: omar }, 'owner@agency.example');
    await desk.pipeline.updatePipeline(d.id, { assigneeId: amina }, 'owner@agency.example');
    const list = async (filter: Parameters<DeskListStore['listDesk']>[0]) => {
      const page = await desk.lists.listDesk(filter, 0, 50);
      expect(page.total).toBe(page.leads.length);
      return references(page.leads);
    };
    expect(await list({ status: 'contacted' })).toEqual([c.reference, a.reference]);
    expect(await list({ status: 'new' })).toEqual([d.reference, b.reference]);
    expect(await list({ formIds: ['umrah'] })).toEqual([d.reference, a.reference]);
    expect(await list({ formIds: ['hajj', 'dallas'] })).toEqual([c.reference, b.reference]);
    expect(await list({ formIds: [] })).toEqual([]);
    expect(await list({ assignee: amina })).toEqual([d.reference, a.reference]);
    expect(await list({ assignee: 'none' })).toEqual([b.reference]);
    expect(await list({ since: at(20).toISOString() })).toEqual([d.reference, c.reference, b.reference]);
    expect(await list({ until: at(20).toISOString() })).toEqual([a.reference]);
    expect(await list({ since: at(20).toISOString(), until: at(40).toISOString() })).toEqual([
      c.reference,
      b.reference,
    ]);
    expect(await list({ status: 'contacted', assignee: amina })).toEqual([a.reference]);
    expect(await list({ formIds: ['umrah'], assignee: amina, since: at(11).toISOString() })).toEqual([d.reference]);
    expect(await list({ status: 'booked' })).toEqual([]);
  });

  it('finds leads by name or email in any case, and by phone however it is written', async () => {
    const { desk, lead } = await openDesk(kind);
    const amina = await lead({ name: 'Amina Yusuf', email: 'Amina.Yusuf@Example.com', phone: '(312) 555-0147' });
    const omar = await lead({ name: 'Omar Farouk', email: 'omar@example.org', phone: '+1 713.555.0123' });
    const search = async (term: string) => references((await desk.lists.listDesk({ search: term }, 0, 50)).leads);
    expect(await search('amina')).toEqual([amina.reference]);
    expect(await search('  YUSUF ')).toEqual([amina.reference]);
    expect(await search('Farouk')).toEqual([omar.reference]);
    expect(await search('amina.yusuf@example.COM')).toEqual([amina.reference]);
    expect(await search('example.org')).toEqual([omar.reference]);
    expect(await search('312-555-0147')).toEqual([amina.reference]);
    expect(await search('312.555.0147')).toEqual([amina.reference]);
    expect(await search('3125550147')).toEqual([amina.reference]);
    expect(await search('(713) 555')).toEqual([omar.reference]);
    // Part of a number typed with its +1 (stored numbers keep no country code).
    expect(await search('+1 713 555')).toEqual([omar.reference]);
    expect(await search('+1 (312)')).toEqual([amina.reference]);
    expect(await search('555')).toEqual([omar.reference, amina.reference]);
    expect(await search('example')).toEqual([omar.reference, amina.reference]);
    expect(await search('   ')).toEqual([omar.reference, amina.reference]);
    expect(await search('nobody')).toEqual([]);
    expect((await desk.lists.listDesk({ search: '555' }, 0, 1)).total).toBe(2);
  });

  it('finds a lead by its reference typed any way', async () => {
    const { desk, lead } = await openDesk(kind);
    await lead({ name: 'Someone else' });
    const stored = await lead({ name: 'Amina Yusuf' });
    const code = stored.reference.slice(3);
    for (const typed of [stored.reference, stored.reference.toLowerCase(), code, code.toLowerCase(), ` mq ${code} `]) {
      expect(references((await desk.lists.listDesk({ search: typed }, 0, 50)).leads), typed).toEqual([
        stored.reference,
      ]);
    }
  });

  it('takes %, _ and \\ in a search literally', async () => {
    const { desk, lead } = await openDesk(kind);
    const percent = await lead({ name: 'Amina 100% sure', email: 'a_b@example.com' });
    await lead({ name: 'Amina 1000 sure', email: 'axb@example.com' });
    const backslash = await lead({ name: 'Back\\slash' });
    await lead({ name: 'Backslash' });
    const search = async (term: string) => references((await desk.lists.listDesk({ search: term }, 0, 50)).leads);
    expect(await search('%')).toEqual([percent.reference]);
    expect(await search('100%')).toEqual([percent.reference]);
    expect(await search('a_b')).toEqual([percent.reference]);
    expect(await search('_')).toEqual([percent.reference]);
    expect(await search('k\\s')).toEqual([backslash.reference]);
    expect(await search('\\')).toEqual([backslash.reference]);
  });

  it('lists follow-ups due today and overdue on open leads only, and needs today for them', async () => {
    const { desk, lead } = await openDesk(kind);
    const actor = 'amina@agency.example';
    const today = await lead({ name: 'Due today' });
    const yesterday = await lead({ name: 'Due yesterday' });
    const tomorrow = await lead({ name: 'Due tomorrow' });
    const bookedToday = await lead({ name: 'Booked, due today' });
    const lostLastWeek = await lead({ name: 'Lost, due last week' });
    const quotedLastMonth = await lead({ name: 'Quoted, due last month' });
    await lead({ name: 'No follow-up' });
    await desk.pipeline.updatePipeline(today.id, { followUp: '2026-12-01' }, actor);
    await desk.pipeline.updatePipeline(yesterday.id, { followUp: '2026-11-30' }, actor);
    await desk.pipeline.updatePipeline(tomorrow.id, { followUp: '2026-12-02' }, actor);
    await desk.pipeline.updatePipeline(bookedToday.id, { status: 'booked', followUp: '2026-12-01' }, actor);
    await desk.pipeline.updatePipeline(
      lostLastWeek.id,
      { status: 'lost', lostReason: 'no answer', followUp: '2026-11-24' },
      actor,
    );
    await desk.pipeline.updatePipeline(quotedLastMonth.id, { status: 'quoted', followUp: '2026-10-31' }, actor);
    const due = async (view: 'today' | 'overdue', day = '2026-12-01') =>
      references((await desk.lists.listDesk({ due: view, today: day }, 0, 50)).leads);
    expect(await due('today')).toEqual([today.reference]);
    expect(await due('overdue')).toEqual([quotedLastMonth.reference, yesterday.reference]);
    // The next day, today's follow-up is overdue and tomorrow's is due; across a month's end.
    expect(await due('today', '2026-12-02')).toEqual([tomorrow.reference]);
    expect(await due('overdue', '2026-12-02')).toEqual([
      quotedLastMonth.reference,
      yesterday.reference,
      today.reference,
    ]);
    expect(await due('overdue', '2026-10-31')).toEqual([]);
    expect(await due('today', '2026-10-31')).toEqual([quotedLastMonth.reference]);
    expect((await desk.lists.listDesk({ due: 'overdue', today: '2026-12-01', status: 'quoted' }, 0, 50)).total).toBe(1);
    await expect(desk.lists.listDesk({ due: 'today' }, 0, 50)).rejects.toThrow(/today/);
    await expect(desk.lists.allDesk({ due: 'overdue' })).rejects.toThrow(/today/);
  });

  it('records each change in words, and only the fields that change', async () => {
    const { desk, lead, staff } = await openDesk(kind);
    const amina = await staff('amina@agency.example');
    const omar = await staff('omar@agency.example');
    const stored = await lead({ name: 'Amina Yusuf' });
    const owner = 'owner@agency.example';
    const changed = await desk.pipeline.updatePipeline(
      stored.id,
      { status: 'contacted', assigneeId: amina, followUp: '2026-12-01' },
      owner,
      at(100),
    );
    expect(changed).toMatchObject({
      status: 'contacted',
      assignee: { id: amina, email: 'amina@agency.example' },
      followUp: '2026-12-01',
      firstContactedAt: at(100).toISOString(),
    });
    await desk.pipeline.updatePipeline(
      stored.id,
      { status: 'contacted', assigneeId: amina, followUp: '2026-12-01' },
      owner,
    );
    await desk.pipeline.updatePipeline(
      stored.id,
      { status: 'lost', lostReason: ' went with another agency ' },
      'amina@agency.example',
      at(200),
    );
    await desk.pipeline.updatePipeline(stored.id, { assigneeId: omar, followUp: null }, owner, at(300));
    await desk.pipeline.updatePipeline(stored.id, { assigneeId: null, followUp: '2026-12-05' }, owner, at(400));
    await desk.pipeline.updatePipeline(stored.id, { followUp: '2026-12-06' }, owner, at(500));
    const history = await desk.pipeline.historyOf(stored.id);
    expect(history.map(({ action, detail, actor, at: when }) => [action, detail, actor, when]).reverse()).toEqual([
      ['status', 'New → Contacted', owner, at(100).toISOString()],
      ['assignee', 'unassigned → amina@agency.example', owner, at(100).toISOString()],
      ['follow-up', 'none → 2026-12-01', owner, at(100).toISOString()],
      ['status', 'Contacted → Lost (reason: went with another agency)', 'amina@agency.example', at(200).toISOString()],
      ['assignee', 'amina@agency.example → omar@agency.example', owner, at(300).toISOString()],
      ['follow-up', '2026-12-01 → none', owner, at(300).toISOString()],
      ['assignee', 'omar@agency.example → unassigned', owner, at(400).toISOString()],
      ['follow-up', 'none → 2026-12-05', owner, at(400).toISOString()],
      ['follow-up', '2026-12-05 → 2026-12-06', owner, at(500).toISOString()],
    ]);
    expect(history.every((entry) => entry.leadId === stored.id && entry.reference === stored.reference)).toBe(true);
    expect(await desk.lists.deskLead(stored.id)).toMatchObject({
      status: 'lost',
      lostReason: 'went with another agency',
      assignee: null,
      followUp: '2026-12-06',
    });
  });

  it('keeps a reason only while a lead is lost', async () => {
    const { desk, lead } = await openDesk(kind);
    const stored = await lead({ name: 'Amina Yusuf' });
    await desk.pipeline.updatePipeline(stored.id, { status: 'lost', lostReason: 'price' }, 'a@agency.example');
    // Staying lost keeps the reason; a new reason is recorded; leaving lost clears it.
    expect(await desk.pipeline.updatePipeline(stored.id, { status: 'lost' }, 'a@agency.example')).toMatchObject({
      lostReason: 'price',
    });
    await desk.pipeline.updatePipeline(stored.id, { lostReason: 'dates' }, 'a@agency.example');
    expect(await desk.pipeline.updatePipeline(stored.id, { status: 'quoted' }, 'a@agency.example')).toMatchObject({
      status: 'quoted',
      lostReason: null,
    });
    expect((await desk.pipeline.historyOf(stored.id)).map((entry) => entry.detail).reverse()).toEqual([
      'New → Lost (reason: price)',
      'Lost (reason: price) → Lost (reason: dates)',
      'Lost → Quoted',
    ]);
  });

  it('sets the first contact once, when the lead first leaves New for Contacted, Quoted or Booked', async () => {
    const { desk, lead } = await openDesk(kind);
    const actor = 'a@agency.example';
    const quoted = await lead({ name: 'Quoted straight away' });
    expect(await desk.pipeline.updatePipeline(quoted.id, { status: 'quoted' }, actor, at(50))).toMatchObject({
      firstContactedAt: at(50).toISOString(),
    });
    await desk.pipeline.updatePipeline(quoted.id, { status: 'new' }, actor, at(60));
    await desk.pipeline.updatePipeline(quoted.id, { status: 'contacted' }, actor, at(70));
    await desk.pipeline.updatePipeline(quoted.id, { status: 'booked' }, actor, at(80));
    expect((await desk.lists.deskLead(quoted.id))!.firstContactedAt).toBe(at(50).toISOString());

    const other = await lead({ name: 'Assigned, then lost' });
    await desk.pipeline.updatePipeline(other.id, { followUp: '2026-12-01' }, actor, at(50));
    expect((await desk.lists.deskLead(other.id))!.firstContactedAt).toBeNull();
    await desk.pipeline.updatePipeline(other.id, { status: 'lost', lostReason: 'spam' }, actor, at(60));
    expect((await desk.lists.deskLead(other.id))!.firstContactedAt).toBeNull();
  });

  it('lets two instances change one lead at once, each change recorded from what the other left', async () => {
    const { desk, lead, store } = await openDesk(kind);
    const other = storeAt(store.location);
    open.push(other);
    const elsewhere = deskStores(other);
    const stored = await lead({ name: 'Amina Yusuf' });
    await Promise.all([
      desk.pipeline.updatePipeline(stored.id, { status: 'contacted' }, 'amina@agency.example', at(100)),
      elsewhere.pipeline.updatePipeline(stored.id, { status: 'quoted' }, 'omar@agency.example', at(100)),
    ]);
    const history = (await desk.pipeline.historyOf(stored.id)).map((entry) => entry.detail).reverse();
    const final = (await desk.lists.deskLead(stored.id))!.status;
    expect(history).toEqual(
      final === 'quoted' ? ['New → Contacted', 'Contacted → Quoted'] : ['New → Quoted', 'Quoted → Contacted'],
    );
  });

  it('leaves no note behind when a note and an erasure of its lead arrive together', async () => {
    const { desk, lead, store } = await openDesk(kind);
    const other = storeAt(store.location);
    open.push(other);
    const elsewhere = deskStores(other);
    for (let round = 0; round < 5; round += 1) {
      const stored = await lead({ name: `Round ${round}` });
      const [, note] = await Promise.all([
        desk.privacy.eraseLeads([stored.id], 'owner@agency.example', at(100)),
        elsewhere.pipeline.addNote(stored.id, 'Called back', 'amina@agency.example', at(100)),
      ]);
      expect(note === undefined || note.leadId === stored.id).toBe(true);
    }
    expect(await store.database.all('SELECT id FROM lead_notes')).toEqual([]);
    expect(await store.database.all('SELECT id FROM lead_history WHERE lead_id IS NOT NULL')).toEqual([]);
    expect(await desk.privacy.erasures(10)).toHaveLength(5);
  });

  it('refuses a bad change with a clear message and changes nothing', async () => {
    const { desk, lead, staff } = await openDesk(kind);
    const amina = await staff('amina@agency.example');
    const stored = await lead({ name: 'Amina Yusuf' });
    await desk.pipeline.updatePipeline(stored.id, { status: 'contacted', followUp: '2026-12-01' }, 'a@agency.example');
    const before = await desk.lists.deskLead(stored.id);
    const historyBefore = await desk.pipeline.historyOf(stored.id);
    const refused: [Parameters<PipelineStore['updatePipeline']>[1], RegExp][] = [
      [{ status: 'won' as never, assigneeId: amina }, /"won" is not a status/],
      [{ status: 'lost', assigneeId: amina }, /reason/],
      [{ status: 'lost', lostReason: '   ', assigneeId: amina }, /reason/],
      [{ lostReason: 'price', assigneeId: amina }, /only for a lost lead/],
      [{ status: 'quoted', lostReason: 'price' }, /only for a lost lead/],
      [{ status: 'quoted', followUp: '2026-02-30' }, /not a date/],
      [{ status: 'quoted', followUp: '1/12/2026' }, /not a date/],
      [{ status: 'quoted', followUp: '2026-13-01' }, /not a date/],
      [{ status: 'quoted', assigneeId: 'staff-99' }, /not on the staff/],
      [{ status: 'lost', lostReason: 'x'.repeat(501) }, /500 characters/],
    ];
    for (const [change, message] of refused) {
      const attempt = desk.pipeline.updatePipeline(stored.id, change, 'a@agency.example');
      await expect(attempt, JSON.stringify(change)).rejects.toThrow(PipelineChangeError);
      await expect(attempt).rejects.toThrow(message);
    }
    expect(await desk.lists.deskLead(stored.id)).toEqual(before);
    expect(await desk.pipeline.historyOf(stored.id)).toEqual(historyBefore);
    expect(
      await desk.pipeline.updatePipeline('no-such-lead', { status: 'contacted' }, 'a@agency.example'),
    ).toBeUndefined();
    expect(await desk.pipeline.updatePipeline(stored.id, { followUp: '2028-02-29' }, 'a')).toMatchObject({
      followUp: '2028-02-29',
    });
  });

  it('keeps notes with their author and time, the newest shown on the lead, and notes each in the history', async () => {
    const { desk, lead } = await openDesk(kind);
    const stored = await lead({ name: 'Amina Yusuf' });
    const other = await lead({ name: 'Omar Farouk' });
    const first = await desk.pipeline.addNote(stored.id, '  Called, no answer. ', 'amina@agency.example', at(100));
    expect(first).toEqual({
      id: expect.any(Number),
      leadId: stored.id,
      author: 'amina@agency.example',
      createdAt: at(100).toISOString(),
      body: 'Called, no answer.',
    });
    const second = await desk.pipeline.addNote(
      stored.id,
      'Quoted $4,200 for 2 adults <b>',
      'omar@agency.example',
      at(200),
    );
    expect(await desk.pipeline.notesOf(stored.id)).toEqual([second, first]);
    expect(await desk.pipeline.notesOf(other.id)).toEqual([]);
    expect((await desk.lists.deskLead(stored.id))!.lastNote).toBe('Quoted $4,200 for 2 adults <b>');
    expect((await desk.lists.listDesk({}, 0, 10)).leads.map((row) => row.lastNote)).toEqual([
      null,
      'Quoted $4,200 for 2 adults <b>',
    ]);
    expect(
      (await desk.pipeline.historyOf(stored.id)).map((entry) => [entry.action, entry.detail, entry.actor]),
    ).toEqual([
      ['note', 'Note added', 'omar@agency.example'],
      ['note', 'Note added', 'amina@agency.example'],
    ]);
    await expect(desk.pipeline.addNote(stored.id, ' \n ', 'a')).rejects.toThrow(PipelineChangeError);
    await expect(desk.pipeline.addNote(stored.id, 'x'.repeat(5_001), 'a')).rejects.toThrow(/5,000 characters/);
    expect(await desk.pipeline.addNote(stored.id, ` ${'x'.repeat(5_000)} `, 'a')).toMatchObject({
      body: 'x'.repeat(5_000),
    });
    expect(await desk.pipeline.addNote('no-such-lead', 'hello', 'a')).toBeUndefined();
    expect(await desk.pipeline.notesOf(stored.id)).toHaveLength(3);
  });

  it('refuses a note holding a card number and stores nothing', async () => {
    const { desk, lead } = await openDesk(kind);
    const stored = await lead({ name: 'Amina Yusuf' });
    for (const body of ['Will pay by Visa 4111 1111 1111 1111, exp 09/28', 'card 4111.1111.1111.1111']) {
      await expect(desk.pipeline.addNote(stored.id, body, 'a')).rejects.toThrow(/looks like a card number/);
    }
    expect(await desk.pipeline.notesOf(stored.id)).toEqual([]);
    expect(await desk.pipeline.historyOf(stored.id)).toEqual([]);
    expect(await desk.pipeline.addNote(stored.id, 'Pays by the Visa ending 1111', 'a')).toMatchObject({
      body: 'Pays by the Visa ending 1111',
    });
  });

  it('links other enquiries from the same email or phone, newest first', async () => {
    const { desk, lead } = await openDesk(kind);
    const first = await lead({ name: 'Amina Yusuf', email: 'amina@example.com', phone: '312-555-0147' });
    // The same number with its country code: a family member typed it the international way.
    const samePhone = await lead({ name: 'A. Yusuf', email: 'other@example.com', phone: '+1 (312) 555 0147' });
    const sameEmail = await lead({ name: 'Amina', email: 'AMINA@example.com' });
    await lead({ name: 'Stranger', email: 'stranger@example.com', phone: '713-555-0123' });
    const noContact = await lead({ name: 'No contact' });
    const shortPhone = await lead({ name: 'Short', phone: '12345' });
    await lead({ name: 'Short too', phone: '12-345' });
    expect(references(await desk.lists.relatedLeads(first.id))).toEqual([sameEmail.reference, samePhone.reference]);
    expect(references(await desk.lists.relatedLeads(samePhone.id))).toEqual([first.reference]);
    expect(references(await desk.lists.relatedLeads(sameEmail.id))).toEqual([first.reference]);
    expect(await desk.lists.relatedLeads(noContact.id)).toEqual([]);
    expect(await desk.lists.relatedLeads(shortPhone.id)).toEqual([]);
    expect(await desk.lists.relatedLeads('no-such-lead')).toEqual([]);
  });

  it('gives the dashboard the rows received since a time', async () => {
    const { desk, lead } = await openDesk(kind);
    await lead({ name: 'Before' }, 10);
    const since = await lead({ name: 'At' }, 20, { formId: 'hajj' });
    const after = await lead({ name: 'After' }, 30);
    await desk.pipeline.updatePipeline(after.id, { status: 'contacted' }, 'a', at(45));
    expect(await desk.lists.dashboardRows(since.receivedAt)).toEqual([
      {
        id: since.id,
        formId: 'hajj',
        receivedAt: at(20).toISOString(),
        status: 'new',
        firstContactedAt: null,
        pageUrl: 'https://miqat-travel.example/umrah-packages',
      },
      {
        id: after.id,
        formId: 'umrah',
        receivedAt: at(30).toISOString(),
        status: 'contacted',
        firstContactedAt: at(45).toISOString(),
        pageUrl: 'https://miqat-travel.example/umrah-packages',
      },
    ]);
  });

  it('finds everything held about a person by email in any case or by phone however written', async () => {
    const { desk, lead, store } = await openDesk(kind);
    const webhook: DeliveryTarget = { channel: 'webhook', destination: 'https://crm.example/hook' };
    const first = await lead({ name: 'Amina', email: 'Amina@Example.com', phone: '312-555-0147' }, 10, {
      deliveries: [webhook],
    });
    const second = await lead({ name: 'Amina Y', phone: '(312) 555 0147' }, 20);
    await lead({ name: 'Someone else', email: 'other@example.com', phone: '713-555-0123' }, 30);
    await desk.pipeline.addNote(first.id, 'Prefers WhatsApp', 'amina@agency.example', at(40));
    const byEmail = await desk.privacy.findPerson({ email: ' AMINA@example.com ' });
    expect(byEmail.map((record) => record.lead.reference)).toEqual([first.reference]);
    expect(byEmail[0]!.notes.map((note) => note.body)).toEqual(['Prefers WhatsApp']);
    expect(byEmail[0]!.history.map((entry) => entry.action)).toEqual(['note']);
    expect(byEmail[0]!.deliveries).toEqual(await new OutboxQueue(store.database).deliveriesOf(first.id));
    expect(byEmail[0]!.deliveries).toMatchObject([{ channel: 'webhook', destination: webhook.destination }]);
    const byPhone = await desk.privacy.findPerson({ phone: '+1 312.555.0147'.slice(3) });
    expect(byPhone.map((record) => record.lead.reference)).toEqual([second.reference, first.reference]);
    expect(byPhone[0]).toMatchObject({ notes: [], history: [], deliveries: [] });
    expect(
      (await desk.privacy.findPerson({ email: 'amina@example.com', phone: '3125550147' })).map((r) => r.lead.reference),
    ).toEqual([second.reference, first.reference]);
    expect(await desk.privacy.findPerson({ email: 'amina@example' })).toEqual([]);
    expect(await desk.privacy.findPerson({ phone: '555-01' })).toEqual([]);
    expect(await desk.privacy.findPerson({ email: '  ', phone: '' })).toEqual([]);
  });

  it('erases a lead with its outbox, attempts, keys, notes and history, keeping only its reference', async () => {
    const { desk, lead, store } = await openDesk(kind);
    const webhook: DeliveryTarget = { channel: 'webhook', destination: 'https://crm.example/hook' };
    const erased = await lead({ name: 'Amina', email: 'amina@example.com' }, 10, {
      deliveries: [webhook],
      idempotencyKey: 'key-1',
    });
    const kept = await lead({ name: 'Omar', email: 'omar@example.com' }, 11, {
      deliveries: [webhook],
      idempotencyKey: 'key-2',
    });
    const claimed = await new OutboxQueue(store.database).claimDueDeliveries(at(12).getTime());
    expect(claimed).toHaveLength(2);
    for (const delivery of claimed) {
      await new OutboxQueue(store.database).recordAttempt(
        delivery.id,
        { ok: false, detail: 'HTTP 503', durationMs: 5 },
        at(13).getTime(),
      );
    }
    for (const stored of [erased, kept]) {
      await desk.pipeline.addNote(stored.id, 'Called back', 'amina@agency.example', at(20));
      await desk.pipeline.updatePipeline(stored.id, { status: 'contacted' }, 'amina@agency.example', at(21));
    }
    const count = async (sql: string, params: string[] = []) =>
      Number((await store.database.all<{ n: number }>(`SELECT COUNT(*) AS n FROM ${sql}`, params))[0]!.n);
    const held = async (leadId: string) => [
      await count('leads WHERE id = ?', [leadId]),
      await count('outbox WHERE lead_id = ?', [leadId]),
      await count('delivery_attempts WHERE outbox_id IN (SELECT id FROM outbox WHERE lead_id = ?)', [leadId]),
      await count('idempotency_keys WHERE lead_id = ?', [leadId]),
      await count('lead_notes WHERE lead_id = ?', [leadId]),
      await count('lead_history WHERE lead_id = ?', [leadId]),
    ];
    expect(await held(erased.id)).toEqual([1, 1, 1, 1, 1, 2]);

    expect(await desk.privacy.eraseLeads([erased.id, 'no-such-lead', erased.id], 'owner@agency.example', at(100))).toBe(
      1,
    );
    expect(await held(erased.id)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(await held(kept.id)).toEqual([1, 1, 1, 1, 1, 2]);
    expect(await count('delivery_attempts')).toBe(1);
    expect(await store.leadForKey('umrah', 'key-1', at(100).getTime())).toBeUndefined();
    const leftover = await store.database.all<Record<string, unknown>>(
      'SELECT lead_id, reference, actor, at, action, detail FROM lead_history WHERE lead_id IS NULL',
    );
    expect(leftover).toEqual([
      {
        lead_id: null,
        reference: erased.reference,
        actor: 'owner@agency.example',
        at: at(100).toISOString(),
        action: 'erased',
        detail: '',
      },
    ]);
    expect(await desk.privacy.erasures(10)).toEqual([
      {
        id: expect.any(Number),
        leadId: null,
        reference: erased.reference,
        actor: 'owner@agency.example',
        at: at(100).toISOString(),
        action: 'erased',
        detail: '',
      },
    ]);
    expect(await desk.lists.deskLead(erased.id)).toBeUndefined();
    expect(await desk.privacy.findPerson({ email: 'amina@example.com' })).toEqual([]);
    // Erasing again finds nothing and records nothing.
    expect(await desk.privacy.eraseLeads([erased.id], 'owner@agency.example', at(200))).toBe(0);
    expect(await desk.privacy.eraseLeads([], 'owner@agency.example', at(200))).toBe(0);
    expect(await desk.privacy.erasures(10)).toHaveLength(1);
    expect(await desk.pipeline.updatePipeline(erased.id, { status: 'booked' }, 'a')).toBeUndefined();
    expect(await desk.pipeline.addNote(erased.id, 'Too late', 'a')).toBeUndefined();
  });

  it('lists erasures newest first, as many as asked', async () => {
    const { desk, lead } = await openDesk(kind);
    const leads = [await lead({ name: 'One' }), await lead({ name: 'Two' }), await lead({ name: 'Three' })];
    await desk.privacy.eraseLeads([leads[0]!.id], 'owner@agency.example', at(100));
    await desk.privacy.eraseLeads([leads[1]!.id, leads[2]!.id], 'other@agency.example', at(200));
    const erasures = await desk.privacy.erasures(2);
    expect(erasures.map((entry) => [entry.actor, entry.at])).toEqual([
      ['other@agency.example', at(200).toISOString()],
      ['other@agency.example', at(200).toISOString()],
    ]);
    expect(new Set((await desk.privacy.erasures(10)).map((entry) => entry.reference))).toEqual(
      new Set(leads.map((stored) => stored.reference)),
    );
  });

  it('lets a delivery in flight when its lead is erased end quietly, recording and restoring nothing', async () => {
    const { desk, lead, store } = await openDesk(kind);
    const stored = await lead({ name: 'Amina' }, 10, {
      deliveries: [{ channel: 'webhook', destination: 'https://crm.example/hook' }],
    });
    const [delivery] = await new OutboxQueue(store.database).claimDueDeliveries(at(11).getTime(), 20, 60_000);
    expect(
      await new OutboxQueue(store.database).renewClaim(
        delivery!.id,
        delivery!.nextAttemptAt,
        at(11).getTime() + 90_000,
      ),
    ).toBe(true);
    // The worker is sending it now; the owner erases the lead meanwhile.
    expect(await desk.privacy.eraseLeads([stored.id], 'owner@agency.example', at(12))).toBe(1);
    await expect(
      new OutboxQueue(store.database).recordAttempt(
        delivery!.id,
        { ok: true, detail: 'HTTP 200', durationMs: 80 },
        at(13).getTime(),
      ),
    ).resolves.toBeUndefined();
    await expect(
      new OutboxQueue(store.database).recordAttempt(
        delivery!.id,
        { ok: false, detail: 'HTTP 500', durationMs: 80 },
        at(13).getTime(),
      ),
    ).resolves.toBeUndefined();
    expect(
      await new OutboxQueue(store.database).renewClaim(delivery!.id, at(11).getTime() + 90_000, at(14).getTime()),
    ).toBe(false);
    expect(await store.database.all('SELECT id FROM delivery_attempts')).toEqual([]);
    expect(await store.database.all('SELECT id FROM outbox')).toEqual([]);
    expect(await store.getLead(stored.id)).toBeUndefined();
    expect(await new OutboxQueue(store.database).claimDueDeliveries(at(20).getTime())).toEqual([]);
  });

  it('erases every lead received before a time, in batches, once when two instances run at once', async () => {
    const { desk, store } = await openDesk(kind);
    const old = 520;
    const rows = Array.from({ length: old + 3 }, (_, index) => [
      `lead-${index}`,
      `MQ-T${String(index).padStart(5, '0')}`,
      'umrah',
      at(index < old ? index : 10_000 + index).toISOString(),
      '{}',
    ]);
    for (let start = 0; start < rows.length; start += 100) {
      const chunk = rows.slice(start, start + 100);
      await store.database.run(
        `INSERT INTO leads (id, reference, form_id, received_at, fields) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?)').join(', ')}`,
        chunk.flat(),
      );
    }
    const other = storeAt(store.location);
    open.push(other);
    const cutoff = at(old).toISOString();
    const [one, two] = await Promise.all([
      desk.privacy.eraseReceivedBefore(cutoff, 'retention (30 days)', at(20_000)),
      new PrivacyStore(other).eraseReceivedBefore(cutoff, 'retention (30 days)', at(20_000)),
    ]);
    expect(one + two).toBe(old);
    expect((await desk.lists.listDesk({}, 0, 10)).total).toBe(3);
    const erasures = await desk.privacy.erasures(1_000);
    expect(erasures).toHaveLength(old);
    expect(new Set(erasures.map((entry) => entry.reference)).size).toBe(old);
    expect(erasures.every((entry) => entry.actor === 'retention (30 days)')).toBe(true);
    expect(await desk.privacy.eraseReceivedBefore(cutoff, 'retention (30 days)', at(20_001))).toBe(0);
  });

  it('runs a retention pass that erases leads older than the setting and says so in one line', async () => {
    const { desk, lead } = await openDesk(kind);
    const now = new Date('2026-11-24T06:30:00.000Z');
    // 30 days before the 24th is the 25th of October: leads before its UTC midnight go.
    const old = await lead({ name: 'Old' }, (Date.parse('2026-10-24T23:59:59.000Z') - START) / 60_000);
    const kept = await lead({ name: 'Kept' }, (Date.parse('2026-10-25T00:00:00.000Z') - START) / 60_000);
    const lines: string[] = [];
    expect(await retentionPass(desk.privacy, 30, now, (line) => lines.push(line))).toBe(1);
    expect(lines).toEqual(['Retention: erased 1 enquiry received before 2026-10-25']);
    expect(await desk.lists.deskLead(old.id)).toBeUndefined();
    expect(await desk.lists.deskLead(kept.id)).toBeDefined();
    expect(await desk.privacy.erasures(5)).toMatchObject([
      { reference: old.reference, actor: 'retention (30 days)', at: now.toISOString() },
    ]);
    // A pass with nothing to erase says nothing.
    expect(await retentionPass(desk.privacy, 30, now, (line) => lines.push(line))).toBe(0);
    expect(lines).toHaveLength(1);
  });

  it('starts retention with a pass soon after start and stops it', async () => {
    const { desk, lead } = await openDesk(kind);
    await lead({ name: 'Old' }, 0);
    await lead({ name: 'Older' }, -10);
    await lead({ name: 'New' }, 60 * 24 * 20);
    const lines: string[] = [];
    const { promise: logged, resolve } = Promise.withResolvers<void>();
    const log = (line: string) => {
      lines.push(line);
      resolve();
    };
    const retention = startRetention(desk.privacy, 7, log, {
      now: () => new Date('2026-11-24T06:30:00.000Z'),
      firstPassDelayMs: 0,
    });
    await logged;
    await retention.stop();
    expect(lines).toEqual(['Retention: erased 2 enquiries received before 2026-11-17']);
    expect((await desk.lists.listDesk({}, 0, 10)).total).toBe(1);
  });
});

describe('LEADS_RETENTION_DAYS', () => {
  it('is off unless set', () => {
    expect(leadApiConfig({}).retentionDays).toBeUndefined();
    expect(leadApiConfig({ LEADS_RETENTION_DAYS: '' }).retentionDays).toBeUndefined();
    expect(leadApiConfig({ LEADS_RETENTION_DAYS: '365' }).retentionDays).toBe(365);
  });

  it.each(['0', '-30', '1.5', '30 days', 'forever', '99999'])(
    'stops the start on "%s" with a message naming it',
    (value) => {
      expect(() => leadApiConfig({ LEADS_RETENTION_DAYS: value })).toThrow(/^LEADS_RETENTION_DAYS must be/);
    },
  );
});
