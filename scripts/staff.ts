// `npm run staff -- add <email> [--role owner|agent]`, `reset-password <email>`, `remove <email>`, `list`:
// the desk's staff accounts, on the store the server uses (DATABASE_URL, else the LEADS_DB file).
// A one-time password is printed once, here, and stored only as its hash.
// First: an older Node is told what it needs before anything else loads.
import '../src/server/node-floor.ts';
import { parseArgs } from 'node:util';
import type { StaffChange } from '../src/server/desk/staff-admin.ts';

const USAGE = `Usage:
  npm run staff -- add <email> [--role owner|agent]   add a person (agent unless --role owner)
  npm run staff -- reset-password <email>             a new one-time password; their sessions end
  npm run staff -- remove <email>                     remove them; their leads are unassigned
  npm run staff -- list                               everyone, with role and when they were added
A one-time password is printed once; the person chooses their own at first sign-in.
DATABASE_URL picks a PostgreSQL database; without it, LEADS_DB picks the SQLite file.`;
const COMMANDS = ['add', 'reset-password', 'remove', 'list'];

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { role: { type: 'string' }, help: { type: 'boolean' } } });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const { positionals, values } = parsed;
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const [command, email, ...extra] = positionals;
if (!command || !COMMANDS.includes(command)) fail(command ? `Unknown command "${command}".` : 'Say what to do.');
if (command === 'list' ? email !== undefined : email === undefined || extra.length > 0) {
  fail(command === 'list' ? '"list" takes no email.' : `Say whose account: npm run staff -- ${command} <email>`);
}
if (values.role !== undefined && command !== 'add') fail('--role goes with "add" only.');
if (values.role !== undefined && values.role !== 'owner' && values.role !== 'agent') {
  fail(`--role must be owner or agent, not "${values.role}".`);
}

// The desk and the store load only for a command that needs them: misuse and --help answer at once.
const [{ addPerson, removePerson, resetPassword }, { StaffStore }, { serverConfig }, { leadSettings }, stores] =
  await Promise.all([
    import('../src/server/desk/staff-admin.ts'),
    import('../src/server/desk/staff-store.ts'),
    import('../src/server/config.ts'),
    import('../src/server/leads/config.ts'),
    import('../src/server/leads/open-store.ts'),
  ]);
const { describeStore, openLeadStore } = stores;

let config;
let store;
try {
  config = leadSettings(serverConfig());
  store = await openLeadStore(config);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const staff = new StaffStore(store.database);

/** Prints a change, or its problem with exit code 1. */
function report(change: StaffChange): number {
  if (!change.ok) {
    console.error(change.problem);
    return 1;
  }
  console.log(change.message);
  if (change.oneTimePassword) {
    console.log(`One-time password (shown only now): ${change.oneTimePassword}`);
    console.log(`They sign in at /admin/sign-in and choose their own password.`);
  }
  return 0;
}

let code = 0;
try {
  if (command === 'list') {
    const people = await staff.listStaff();
    if (people.length === 0) console.log(`Nobody has a staff account yet (${describeStore(config)}).`);
    for (const person of people) {
      const pending = person.mustChangePassword ? '  (has not chosen a password yet)' : '';
      console.log(`${person.email}  ${person.role}  added ${person.createdAt.slice(0, 10)}${pending}`);
    }
  } else if (command === 'add') {
    code = report(await addPerson(staff, email!, values.role ?? 'agent'));
  } else {
    const person = await staff.staffByEmail(email!);
    if (!person) {
      console.error(`${email} has no staff account. "npm run staff -- list" shows who has one.`);
      code = 1;
    } else if (command === 'reset-password') {
      code = report(await resetPassword(staff, person));
    } else {
      code = report(await removePerson(staff, person, 'npm run staff'));
    }
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  code = 1;
} finally {
  await store.close();
}
process.exit(code);
