import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { FORMS, wireNames } from '@/lib/forms/definitions';
import { NO_TOUCH } from '@/lib/leads/first-touch';
import { csvColumns, leadsCsv } from '@/server/desk/csv';
import { leadsCommand } from '@/server/desk/leads-cli';
import type { StoredLead } from '@/lib/leads/model';
import { runCommand, runScript, type CommandRun } from './support/cli';
import { STORE_KINDS, storeAt, storeEnv, testStoreLocation, type TestStoreLocation } from './support/stores';

const lead = (formId: string, fields: Record<string, string>, receivedAt: string): StoredLead => ({
  id: `${formId}-${receivedAt}`,
  reference: 'MQ-7K3F9Q',
  formId,
  fields,
  receivedAt,
  pageUrl: 'https://miqat-travel.example/contact-us',
  userAgent: 'Test',
  firstTouch: NO_TOUCH,
  language: 'en',
});

const SOURCE_COLUMNS = ['source', 'landing_page', 'referrer_host', 'utm_source', 'utm_medium', 'utm_campaign'];

describe('leadsCsv', () => {
  it('gives each form the same columns in form order, whatever its leads hold', () => {
    expect(csvColumns('hajj')).toEqual([
      'id',
      'reference',
      'received_at',
      'form_id',
      'language',
      'page_url',
      'user_agent',
      ...SOURCE_COLUMNS,
      ...wireNames(FORMS.hajj),
    ]);
    expect(csvColumns('hajj')).toEqual([
      'id',
      'reference',
      'received_at',
      'form_id',
      'language',
      'page_url',
      'user_agent',
      ...SOURCE_COLUMNS,
      'name',
      'email',
      'phone',
      'message',
    ]);
    const all = csvColumns();
    for (const form of Object.values(FORMS)) for (const name of wireNames(form)) expect(all).toContain(name);
    expect(new Set(all).size).toBe(all.length);
  });

  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
    const csv = leadsCsv(
      [
        lead(
          'hajj',
          { name: 'Ali, "Abu" Bakr', message: 'Line one\nline two', phone: '=1+1', email: 'a@b.co' },
          '2026-11-01T10:00:00.000Z',
        ),
      ],
      'hajj',
    );
    const [header, row] = parse(csv) as string[][];
    expect(header).toEqual(csvColumns('hajj'));
    expect(row![header!.indexOf('name')]).toBe('Ali, "Abu" Bakr');
    expect(row![header!.indexOf('message')]).toBe('Line one\nline two');
    expect(row![header!.indexOf('phone')]).toBe("'=1+1");
    expect(row![header!.indexOf('reference')]).toBe('MQ-7K3F9Q');
    expect(row![header!.indexOf('language')]).toBe('English');
  });

  it('names the language each enquiry came in, in English', () => {
    const urdu = { ...lead('contact', { firstName: 'Amina' }, '2026-11-01T10:00:00.000Z'), language: 'ur' as const };
    const bengali = { ...lead('contact', { firstName: 'Rahim' }, '2026-11-02T10:00:00.000Z'), language: 'bn' as const };
    const [header, ...rows] = parse(leadsCsv([urdu, bengali], 'contact')) as string[][];
    expect(rows.map((row) => row[header!.indexOf('language')])).toEqual(['Urdu', 'Bengali']);
  });

  it('carries where each lead came from: the source the dashboard counts it under, then each part kept', () => {
    const touch = { ...NO_TOUCH, landingPath: '/ramadan-umrah', referrerHost: 'facebook.com', utmCampaign: 'ramadan' };
    const csv = leadsCsv(
      [
        { ...lead('hajj', { name: 'Amina' }, '2026-11-01T10:00:00.000Z'), firstTouch: touch },
        {
          ...lead('hajj', { name: 'Bilal' }, '2026-11-02T10:00:00.000Z'),
          firstTouch: { ...touch, utmSource: 'masjid-newsletter' },
        },
        lead('hajj', { name: 'Omar' }, '2026-11-03T10:00:00.000Z'),
      ],
      'hajj',
    );
    const [header, ...rows] = parse(csv) as string[][];
    const column = (name: string) => rows.map((row) => row[header!.indexOf(name)]);
    expect(column('source')).toEqual(['facebook.com', 'masjid-newsletter', 'direct']);
    expect(column('landing_page')).toEqual(['/ramadan-umrah', '/ramadan-umrah', '']);
    expect(column('utm_campaign')).toEqual(['ramadan', 'ramadan', '']);
    expect(column('utm_medium')).toEqual(['', '', '']);
  });
});

// Most cases run the command in this process (`leadsCommand`, the one path the script takes); a few
// start Node to hold the process boundary: the store chosen from the environment, the exit code,
// stdout and stderr. Each process costs about a second of CPU on a busy 2-core machine.

/** What the command printed, once it exited 0 (as `execFileSync` returns it, throwing otherwise). */
function stdoutOf(run: CommandRun): string {
  if (run.status !== 0) throw new Error(`npm run leads ended with ${run.status}: ${run.stderr}`);
  return run.stdout;
}

describe.each(STORE_KINDS)('npm run leads on %s', (kind) => {
  let location: TestStoreLocation;
  const references = new Map<string, string>();
  const env = () => ({ ...process.env, LEADS_DB: '', DATABASE_URL: '', ...storeEnv(location) });
  const run = async (...args: string[]) => stdoutOf(await runCommand(leadsCommand, env(), ...args));
  const runProcess = async (...args: string[]) => stdoutOf(await runScript('scripts/leads.ts', env(), ...args));

  beforeAll(async () => {
    location = await testStoreLocation(kind);
    const store = storeAt(location);
    const entries = [
      ['hajj', { name: 'Yusuf', email: 'y@example.com', phone: '1', message: 'Hajj' }, '2026-10-30T09:00:00.000Z'],
      [
        'contact',
        { firstName: 'Maryam', lastName: 'Ali', email: 'm@example.com', phone: '', subject: 'other', message: 'Hi' },
        '2026-11-02T09:00:00.000Z',
      ],
      ['hajj', { name: 'Idris', email: 'i@example.com', phone: '2', message: 'Hajj too' }, '2026-11-05T09:00:00.000Z'],
    ] as const;
    for (const [formId, fields, at] of entries) {
      const lead = { formId, fields: { ...fields }, pageUrl: null, userAgent: null };
      references.set(fields.email, (await store.insertLead(lead, { now: new Date(at) }))!.reference);
    }
    await store.close();
  });

  it('lists every lead as CSV, newest first', async () => {
    const rows = parse(await runProcess('list'), { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row['email'])).toEqual(['i@example.com', 'm@example.com', 'y@example.com']);
    for (const row of rows) expect(row['reference']).toBe(references.get(row['email']!));
  });

  it('filters by form and by date, with --until exclusive', async () => {
    const hajj = parse(await run('list', '--form', 'hajj'), { columns: true }) as Record<string, string>[];
    expect(hajj.map((row) => row['name'])).toEqual(['Idris', 'Yusuf']);
    const november = parse(await run('list', '--since', '2026-11-01', '--until', '2026-11-05T09:00:00Z'), {
      columns: true,
    }) as Record<string, string>[];
    expect(november.map((row) => row['email'])).toEqual(['m@example.com']);
  });

  it('exports to a file and says how many leads it wrote', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'leads-out-')), 'hajj.csv');
    expect(await run('export', '--form', 'hajj', '--out', out)).toContain(`Wrote 2 leads to ${out}`);
    expect(readFileSync(out, 'utf8').split('\n')[0]).toBe(csvColumns('hajj').join(','));
  });
});

// Refused before any store is opened, so tried once rather than on each store: the unknown form as a
// process (exit code 2 and stderr), the bad date in this process.
describe('npm run leads, misused', () => {
  it('refuses an unknown form or a bad date with a message and exit code 2', async () => {
    const form = await runScript('scripts/leads.ts', process.env, 'list', '--form', 'nope');
    expect(form.status).toBe(2);
    expect(form.stderr).toMatch(/There is no form "nope"/);
    const date = await runCommand(leadsCommand, process.env, 'list', '--since', 'yesterday-ish');
    expect(date.status).toBe(2);
    expect(date.stderr).toMatch(/is not a date/);
  });
});

// The first as a process: a variable it cannot parse ends Node with the error; the others in this process.
describe('npm run leads with a DATABASE_URL it cannot use', () => {
  it.each([
    ['not a URL', 'leads database please', 'process'],
    ['another scheme', 'mysql://root@localhost/leads', 'in-process'],
    ['nobody listening', 'postgres://leads@127.0.0.1:1/leads', 'in-process'],
  ])('fails with a message naming the variable (%s)', async (_label, databaseUrl, how) => {
    const env = { ...process.env, DATABASE_URL: databaseUrl };
    const run =
      how === 'process'
        ? await runScript('scripts/leads.ts', env, 'list')
        : await runCommand(leadsCommand, env, 'list');
    expect(() => stdoutOf(run)).toThrow(/DATABASE_URL/);
  });
});
