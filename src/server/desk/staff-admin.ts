/**
 * What an owner does to the staff list, said once for the staff page and `npm run staff`: each
 * answers a sentence for the person doing it, and the one-time password when one was made.
 */
import { countOf } from '../../lib/format.ts';
import { hashPassword, oneTimePassword } from './passwords.ts';
import { emailProblem, isStaffRole, normalEmail, type OwnerGuarded, type StaffStore } from './staff-store.ts';
import type { StaffMember, StaffRole } from '../../lib/desk/model.ts';

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

/** What the staff page was asked: the posted form, if any, the query, and who is signed in. */
export interface StaffPageRequest {
  form?: FormData | undefined;
  search: URLSearchParams;
  me: { email: string };
}

/**
 * The staff page's controller: runs a post (add, role, reset, remove) and loads the list. A change
 * that worked redirects, unless it made a one-time password: that is shown on this answer only,
 * never in a URL a browser keeps in its history.
 */
export async function staffPage(store: StaffStore, request: StaffPageRequest) {
  let change: StaffChange | undefined;
  let status = 200;
  if (request.form) {
    const form = request.form;
    const field = (name: string) => String(form.get(name) ?? '');
    const action = field('action');
    const person = action === 'add' ? undefined : await store.staffById(field('id'));
    if (action === 'add') change = await addPerson(store, field('email'), field('role'));
    else if (!person) change = { ok: false, problem: 'That person has no account any more.' };
    else if (action === 'role') change = await changeRole(store, person, field('role'));
    else if (action === 'reset') change = await resetPassword(store, person);
    else if (action === 'remove' && field('confirm') !== 'yes')
      change = { ok: false, problem: `Tick "Yes, remove ${person.email}" to remove them.` };
    else if (action === 'remove') change = await removePerson(store, person, request.me.email);
    else change = { ok: false, problem: 'Choose what to do from the forms below.' };
    if (change.ok && !change.oneTimePassword) {
      return { redirect: `/admin/staff?done=${action}&email=${encodeURIComponent(change.person.email)}` };
    }
    if (!change.ok) status = 400;
  }
  // The message after a redirect is built here from a known action, never taken as text from the URL.
  const doneEmail = request.search.get('email') ?? '';
  const doneMessages: Record<string, string> = {
    role: `${doneEmail}'s role is changed.`,
    remove: `${doneEmail} is removed; their leads are unassigned.`,
  };
  const done = emailProblem(doneEmail) ? undefined : doneMessages[request.search.get('done') ?? ''];
  return { status, change, done, people: await store.listStaff() };
}
