// `npm run leads -- list|export [--form id] [--since date] [--until date] [--out file]`
// Prints (list) or writes (export) the stored leads as CSV, newest first, for the agency's staff.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { findForm } from '../src/lib/forms/definitions.ts';
import { leadApiConfig } from '../src/server/leads/config.ts';
import { leadsCsv } from '../src/server/leads/csv.ts';
import { openLeadStore } from '../src/server/leads/open-store.ts';

const USAGE = `Usage:
  npm run leads -- list   [--form <id>] [--since <date>] [--until <date>]    CSV on the screen
  npm run leads -- export [--form <id>] [--since <date>] [--until <date>] [--out <file>]
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
if (command !== 'list' && command !== 'export') fail(command ? `Unknown command "${command}".` : 'Say list or export.');
if (values.form && !findForm(values.form)) fail(`There is no form "${values.form}".`);

const filter = { formId: values.form, since: isoDate(values.since, 'since'), until: isoDate(values.until, 'until') };
let store;
try {
  store = await openLeadStore(leadApiConfig(process.env));
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
