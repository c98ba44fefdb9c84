// `npm run staff -- add <email> [--role owner|agent]`, `reset-password <email>`, `remove <email>`, `list`:
// the desk's staff accounts, on the store the server uses (DATABASE_URL, else the LEADS_DB file).
// The command itself is `staffCommand` (src/server/desk/staff-cli.ts); this is its process.
// First: an older Node is told what it needs before anything else loads.
import '../src/server/node-floor.ts';
import { processIo } from '../src/server/cli-io.ts';
import { staffCommand } from '../src/server/desk/staff-cli.ts';

// The exit code is set, not forced: output still on its way to a pipe is written before the process ends.
process.exitCode = await staffCommand(process.argv.slice(2), processIo);
