/**
 * What an owner does to the staff list, said once for the staff page and `npm run staff`: each
 * answers a sentence for the person doing it, and the one-time password when one was made.
 */
import { countOf } from '../../lib/format.ts';
import { hashPassword, oneTimePassword } from './passwords.ts';
import { emailProblem, isStaffRole, normalEmail, type OwnerGuarded, type StaffStore } from './staff-store.ts';
import type { StaffMember, StaffRole } from './types.ts';

export type StaffChange =
  { ok: true; message: string; person: StaffMember; oneTimePassword?: string } | { ok: false; problem: string };

const LAST_OWNER = 'The desk needs an owner: make someone else an owner first.';

function refused(guard: Exclude<OwnerGuarded, 'ok'>, email: string): StaffChange {
  return { ok: false, problem: guard === 'missing' ? `${email} has no account.` : LAST_OWNER };
}

/** Adds a person with a one-time password they must replace at their first sign-in. */
export async function addPerson(
  store: StaffStore,
  email: string,
  role: string,
  now = new Date(),
): Promise<StaffChange> {
  const problem = emailProblem(email);
  if (problem) return { ok: false, problem };
  if (!isStaffRole(role)) return { ok: false, problem: 'Choose a role: owner or agent.' };
  const address = normalEmail(email);
  if (await store.staffByEmail(address)) return { ok: false, problem: `${address} already has an account.` };
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  let person: StaffMember;
  try {
    person = await store.addStaff({ email: address, role, passwordHash, mustChangePassword: true }, now);
  } catch (error) {
    // Added by someone else a moment ago: the email is unique.
    if (await store.staffByEmail(address)) return { ok: false, problem: `${address} already has an account.` };
    throw error;
  }
  return { ok: true, person, oneTimePassword: password, message: `${address} is added as ${role}.` };
}

/** Gives a person a new one-time password and ends every session of theirs. */
export async function resetPassword(store: StaffStore, person: StaffMember): Promise<StaffChange> {
  const password = oneTimePassword();
  await store.setPassword(person.id, await hashPassword(password), true);
  const ended = await store.deleteSessionsOf(person.id);
  const sessions = countOf(ended, 'session');
  return {
    ok: true,
    person,
    oneTimePassword: password,
    message: `${person.email} has a new one-time password; ${sessions} of theirs ended.`,
  };
}

/** Makes a person an owner or an agent; the last owner stays an owner. */
export async function changeRole(store: StaffStore, person: StaffMember, role: string): Promise<StaffChange> {
  if (!isStaffRole(role)) return { ok: false, problem: 'Choose a role: owner or agent.' };
  const guard = await store.changeRole(person.id, role);
  if (guard !== 'ok') return refused(guard, person.email);
  return { ok: true, person: { ...person, role: role as StaffRole }, message: `${person.email} is now ${role}.` };
}

/** Removes a person, ending their sessions and unassigning their leads; the last owner stays. */
export async function removePerson(
  store: StaffStore,
  person: StaffMember,
  actor: string,
  now = new Date(),
): Promise<StaffChange> {
  const guard = await store.removeKeepingOwner(person.id, actor, now);
  if (guard !== 'ok') return refused(guard, person.email);
  return { ok: true, person, message: `${person.email} is removed; their leads are unassigned.` };
}
