/**
 * `npm run leads`: the stored leads as CSV for the agency's staff, and a backup of the SQLite file.
 * `scripts/leads.ts` runs this with the process's own input and output and exits with the code it returns.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { findForm } from '../../lib/forms/definitions.ts';
import type { CommandIo } from '../cli-io.ts';
import { backupLeads } from '../leads/backup.ts';
import { leadSettings } from '../leads/config.ts';
import { openLeadStore } from '../leads/open-store.ts';
import { leadsCsv } from './csv.ts';

const USAGE = `Usage:
  npm run leads -- list   [--form <id>] [--since <date>] [--until <date>]    CSV on the screen
  npm run leads -- export [--form <id>] [--since <date>] [--until <date>] [--out <file>]
  npm run leads -- backup <file>                                              copy of the SQLite file
Dates are ISO (2026-11-01 or 2026-11-01T09:00:00Z); --until is exclusive.
DATABASE_URL picks a PostgreSQL database; without it, LEADS_DB picks the SQLite file.`;

/** A misuse, answered with the usage and exit code 2. */
class Misuse extends Error {}

function isoDate(value: string | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new Misuse(`--${name} "${value}" is not a date.`);
  return date.toISOString();
}

/**
 * Runs `npm run leads -- <args>` and returns its exit code: 0 done, 1 failed (the problem on stderr),
 * 2 misused (the usage on stderr). A configuration it cannot read throws, naming the variable.
 */
export async function leadsCommand(args: string[], io: CommandIo): Promise<number> {
  try {
    return await leads(args, io);
  } catch (error) {
    if (!(error instanceof Misuse)) throw error;
    io.err(`${error.message}\n\n${USAGE}\n`);
    return 2;
  }
}

async function leads(args: string[], io: CommandIo): Promise<number> {
  const line = (text: string) => io.out(`${text}\n`);
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        form: { type: 'string' },
        since: { type: 'string' },
        until: { type: 'string' },
        out: { type: 'string' },
      },
    });
  } catch (error) {
    throw new Misuse(error instanceof Error ? error.message : String(error));
  }
  const { positionals, values } = parsed;
  const command = positionals[0];
  if (command !== 'list' && command !== 'export' && command !== 'backup') {
    throw new Misuse(command ? `Unknown command "${command}".` : 'Say list, export or backup.');
  }
  const leadConfig = leadSettings(await io.config());
  const dbPath = resolve(leadConfig.dbPath);

  if (command === 'backup') {
    if (leadConfig.databaseUrl) {
      io.err(
        'DATABASE_URL is set: the leads are in PostgreSQL, not in a file. Back them up with pg_dump, e.g.\n' +
          '  pg_dump --format=custom --file=leads.dump "$DATABASE_URL"\n',
      );
      return 1;
    }
    const target = positionals[1];
    if (!target || positionals.length > 2) throw new Misuse('Say which new file to write the backup to.');
    try {
      const { leads, bytes } = await backupLeads(dbPath, resolve(target));
      line(`Backed up ${leads} lead${leads === 1 ? '' : 's'} (${bytes} bytes) from ${dbPath} to ${resolve(target)}`);
    } catch (error) {
      io.err(`Backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
      return 1;
    }
    return 0;
  }
  if (values.form && !findForm(values.form)) throw new Misuse(`There is no form "${values.form}".`);

  const filter = { formId: values.form, since: isoDate(values.since, 'since'), until: isoDate(values.until, 'until') };
  let store;
  try {
    store = await openLeadStore(leadConfig);
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  const leads = await store.listLeads(filter);
  await store.close();
  const csv = leadsCsv(leads, values.form);

  if (command === 'list') {
    io.out(csv);
  } else {
    const out = resolve(values.out ?? `leads-${values.form ?? 'all'}-${new Date().toISOString().slice(0, 10)}.csv`);
    writeFileSync(out, csv);
    line(`Wrote ${leads.length} lead${leads.length === 1 ? '' : 's'} to ${out}`);
  }
  return 0;
}
