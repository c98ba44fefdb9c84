// `npm run leads -- list|export [--form id] [--since date] [--until date] [--out file]`
// Prints (list) or writes (export) the stored leads as CSV, newest first, for the agency's staff.
// `npm run leads -- backup FILE`: a consistent copy of the SQLite file, safe while the server runs.
// The command itself is `leadsCommand` (src/server/desk/leads-cli.ts); this is its process.
import { processIo } from '../src/server/cli-io.ts';
import { leadsCommand } from '../src/server/desk/leads-cli.ts';

// The exit code is set, not forced: a long CSV still on its way to a pipe is written before the process ends.
process.exitCode = await leadsCommand(process.argv.slice(2), processIo);
