import { outboxKinds } from '@/server/message-kinds';
import { OutboxQueue } from '@/server/outbox/queue';
import { afterEach, describe, expect, it } from 'vitest';
import { PipelineStore } from '@/server/desk/pipeline-store';
import { PrivacyStore } from '@/server/desk/privacy-store';
import { findPersonRecords, personExport, personRows, readPersonQuery } from '@/lib/desk/privacy';
import type { SqlLeadStore } from '@/server/leads/sql-lead-store';
import { STORE_KINDS, openTestStore } from './support/stores';

const open: SqlLeadStore[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((store) => store.close()));
});

describe('the privacy request query', () => {
  it('takes an email, a phone number or both, and says what is wrong with either', () => {
    expect(readPersonQuery(new URLSearchParams({ email: ' Layla@Example.com ', phone: '' }))).toEqual({
      query: { email: 'Layla@Example.com', phone: '' },
      problems: [],
    });
    expect(readPersonQuery(new URLSearchParams({ email: 'layla', phone: '555-01' })).problems).toEqual([
      'Enter the email address in full, like name@example.com.',
      'Enter the phone number with at least 7 digits.',
    ]);
  });
});

describe.each(STORE_KINDS)('a privacy request on %s', (kind) => {
  it('finds every lead of the person however the number was typed, and exports everything held', async () => {
    const store = await openTestStore(kind);
    open.push(store);
    const desk = new PipelineStore(store.database);
    const privacy = new PrivacyStore(store);
    const lead = async (fields: Record<string, string>, minute: number) =>
      (await store.insertLead(
        { formId: 'hajj', fields: { message: 'Hajj for two', ...fields }, pageUrl: null, userAgent: null },
        {
          now: new Date(Date.parse('2026-11-20T15:00:00.000Z') + minute * 60_000),
          deliveries: [{ channel: 'webhook', destination: 'https://hooks.example/lead' }],
        },
      ))!;
    const withCode = await lead({ name: 'Layla Hassan', email: 'layla@example.com', phone: '+1 (713) 555-0123' }, 1);
    const without = await lead({ name: 'Layla H.', email: 'other@example.com', phone: '713.555.0123' }, 2);
    const byEmail = await lead({ name: 'Layla', email: 'LAYLA@example.com', phone: '2145550100' }, 3);
    await lead({ name: 'Someone else', email: 'else@example.com', phone: '2145550199' }, 4);
    await desk.addNote(withCode.id, 'Quoted $4,200', 'owner@agency.example');
    const [delivery] = await new OutboxQueue(store.database).deliveriesOf(withCode.id);
    const tried = new Date('2026-11-20T15:05:00.000Z');
    await new OutboxQueue(store.database).recordAttempt(
      delivery!.id,
      { ok: false, detail: 'HTTP 502', durationMs: 31 },
      0,
      tried,
    );

    const query = { email: 'Layla@Example.com', phone: '713-555-0123' };
    const records = await findPersonRecords(privacy, query);
    expect(records.map((record) => record.lead.reference)).toEqual([
      byEmail.reference,
      without.reference,
      withCode.reference,
    ]);
    expect(personRows(records, 'America/Chicago').at(-1)).toEqual({
      id: withCode.id,
      reference: withCode.reference,
      received: 'Nov 20, 2026, 9:01 AM CST',
      page: 'Hajj packages page',
      name: 'Layla Hassan',
      status: 'New',
      notes: 1,
      deliveries: 1,
    });

    const exported = personExport(records, query, new Date('2026-11-24T12:00:00.000Z'), outboxKinds.messageLabel);
    expect(exported.request).toEqual({ email: 'Layla@Example.com', phone: '713-555-0123' });
    expect(exported.exportedAt).toBe('2026-11-24T12:00:00.000Z');
    expect(exported.leads.at(-1)).toMatchObject({
      reference: withCode.reference,
      page: 'Hajj packages page',
      fields: { name: 'Layla Hassan', email: 'layla@example.com', phone: '+1 (713) 555-0123' },
      pipeline: { status: 'New', assignee: null },
      notes: [{ author: 'owner@agency.example', body: 'Quoted $4,200' }],
      history: [{ actor: 'owner@agency.example', action: 'note' }],
      deliveries: [
        {
          channel: 'webhook',
          destination: 'https://hooks.example/lead',
          status: 'pending',
          attempts: 1,
          lastError: 'HTTP 502',
          tries: [{ attemptedAt: tried.toISOString(), ok: false, detail: 'HTTP 502', durationMs: 31 }],
        },
      ],
    });
  });
});
