/**
 * `npm run staff`: the desk's staff accounts, on the store the server uses. `scripts/staff.ts` runs
 * this with the process's own input and output and exits with the code it returns.
 */
import { parseArgs } from 'node:util';
import type { CommandIo } from '../cli-io.ts';
import type { StaffChange } from './staff-admin.ts';

const USAGE = `Usage:
  npm run staff -- add <email> [--role owner|agent]   add a person (agent unless --role owner)
  npm run staff -- reset-password <email>             a new one-time password; their sessions end
  npm run staff -- remove <email>                     remove them; their leads are unassigned
  npm run staff -- list                               everyone, with role and when they were added
A one-time password is printed once; the person chooses their own at first sign-in.
DATABASE_URL picks a PostgreSQL database; without it, LEADS_DB picks the SQLite file.`;
const COMMANDS = ['add', 'reset-password', 'remove', 'list'];

/** What the arguments ask for, or what is wrong with them: read before anything is loaded. */
type Asked =
  { problem: string } | { help: true } | { command: string; email: string | undefined; role: string | undefined };

function readArgs(args: string[]): Asked {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { role: { type: 'string' }, help: { type: 'boolean' } },
    });
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
  const { positionals, values } = parsed;
  if (values.help) return { help: true };
  const [command, email, ...extra] = positionals;
  if (!command || !COMMANDS.includes(command)) {
    return { problem: command ? `Unknown command "${command}".` : 'Say what to do.' };
  }
  if (command === 'list' ? email !== undefined : email === undefined || extra.length > 0) {
    return {
      problem: command === 'list' ? '"list" takes no email.' : `Say whose account: npm run staff -- ${command} <email>`,
    };
  }
  if (values.role !== undefined && command !== 'add') return { problem: '--role goes with "add" only.' };
  if (values.role !== undefined && values.role !== 'owner' && values.role !== 'agent') {
    return { problem: `--role must be owner or agent, not "${values.role}".` };
  }
  return { command, email, role: values.role };
}

/**
 * Runs `npm run staff -- <args>` and returns its exit code: 0 done, 1 refused or failed (a problem
 * on stderr), 2 misused (the usage on stderr). A one-time password is printed once, here, and stored
 * only as its hash.
 */
export async function staffCommand(args: string[], io: CommandIo): Promise<number> {
  const line = (text: string) => io.out(`${text}\n`);
  const problem = (text: string) => io.err(`${text}\n`);
  const asked = readArgs(args);
  if ('problem' in asked) {
    problem(`${asked.problem}\n\n${USAGE}`);
    return 2;
  }
  if ('help' in asked) {
    line(USAGE);
    return 0;
  }
  const { command, email, role } = asked;

  // The desk and the store load only for a command that needs them: misuse and --help answer at once.
  const [{ addPerson, removePerson, resetPassword }, { StaffStore }, { leadSettings }, stores] = await Promise.all([
    import('./staff-admin.ts'),
    import('./staff-store.ts'),
    import('../leads/config.ts'),
    import('../leads/open-store.ts'),
  ]);
  const { describeStore, openLeadStore } = stores;

  let config;
  let store;
  try {
    config = leadSettings(await io.config());
    store = await openLeadStore(config);
  } catch (error) {
    problem(error instanceof Error ? error.message : String(error));
    return 1;
  }
  const staff = new StaffStore(store.database);

  /** Prints a change, or its problem with exit code 1. */
  const report = (change: StaffChange): number => {
    if (!change.ok) {
      problem(change.problem);
      return 1;
    }
    line(change.message);
    if (change.oneTimePassword) {
      line(`One-time password (shown only now): ${change.oneTimePassword}`);
      line(`They sign in at /admin/sign-in and choose their own password.`);
    }
    return 0;
  };

  try {
    if (command === 'list') {
      const people = await staff.listStaff();
      if (people.length === 0) line(`Nobody has a staff account yet (${describeStore(config)}).`);
      for (const person of people) {
        const pending = person.mustChangePassword ? '  (has not chosen a password yet)' : '';
        line(`${person.email}  ${person.role}  added ${person.createdAt.slice(0, 10)}${pending}`);
      }
      return 0;
    }
    if (command === 'add') return report(await addPerson(staff, email!, role ?? 'agent'));
    const person = await staff.staffByEmail(email!);
    if (!person) {
      problem(`${email} has no staff account. "npm run staff -- list" shows who has one.`);
      return 1;
    }
    if (command === 'reset-password') return report(await resetPassword(staff, person));
    return report(await removePerson(staff, person, 'npm run staff'));
  } catch (error) {
    problem(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await store.close();
  }
}
