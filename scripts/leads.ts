// `npm run leads -- list|export [--form id] [--since date] [--until date] [--out file]`
// Prints (list) or writes (export) the stored leads as CSV, newest first, for the agency's staff.
// `npm run leads -- backup FILE`: a consistent copy of the SQLite file, safe while the server runs.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { findForm } from '../src/lib/forms/definitions.ts';
import { backupLeads } from '../src/server/leads/backup.ts';
import { serverConfig } from '../src/server/config.ts';
import { leadSettings } from '../src/server/leads/config.ts';
import { leadsCsv } from '../src/server/desk/csv.ts';
import { openLeadStore } from '../src/server/leads/open-store.ts';

const USAGE = `Usage:
  npm run leads -- list   [--form <id>] [--since <date>] [--until <date>]    CSV on the screen
  npm run leads -- export [--form <id>] [--since <date>] [--until <date>] [--out <file>]
  npm run leads -- backup <file>                                              copy of the SQLite file
Dates are ISO (2026-11-01 or 2026-11-01T09:00:00Z); --until is exclusive.
DATABASE_URL picks a PostgreSQL database; without it, LEADS_DB picks the SQLite file.`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function isoDate(value: string | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) fail(`--${name} "${value}" is not a date.`);
  return date.toISOString();
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      form: { type: 'string' },
      since: { type: 'string' },
      until: { type: 'string' },
      out: { type: 'string' },
    },
  });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const { positionals, values } = parsed;
const command = positionals[0];
if (command !== 'list' && command !== 'export' && command !== 'backup') {
  fail(command ? `Unknown command "${command}".` : 'Say list, export or backup.');
}
const leadConfig = leadSettings(serverConfig());
const dbPath = resolve(leadConfig.dbPath);

if (command === 'backup') {
  if (leadConfig.databaseUrl) {
    console.error(
      'DATABASE_URL is set: the leads are in PostgreSQL, not in a file. Back them up with pg_dump, e.g.\n' +
        '  pg_dump --format=custom --file=leads.dump "$DATABASE_URL"',
    );
    process.exit(1);
  }
  const target = positionals[1];
  if (!target || positionals.length > 2) fail('Say which new file to write the backup to.');
  try {
    const { leads, bytes } = await backupLeads(dbPath, resolve(target));
    console.log(
      `Backed up ${leads} lead${leads === 1 ? '' : 's'} (${bytes} bytes) from ${dbPath} to ${resolve(target)}`,
    );
  } catch (error) {
    console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  process.exit(0);
}
if (values.form && !findForm(values.form)) fail(`There is no form "${values.form}".`);

const filter = { formId: values.form, since: isoDate(values.since, 'since'), until: isoDate(values.until, 'until') };
let store;
try {
  store = await openLeadStore(leadConfig);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const leads = await store.listLeads(filter);
await store.close();
const csv = leadsCsv(leads, values.form);

if (command === 'list') {
  process.stdout.write(csv);
} else {
  const out = resolve(values.out ?? `leads-${values.form ?? 'all'}-${new Date().toISOString().slice(0, 10)}.csv`);
  writeFileSync(out, csv);
  console.log(`Wrote ${leads.length} lead${leads.length === 1 ? '' : 's'} to ${out}`);
}
