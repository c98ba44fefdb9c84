import { argon2Sync, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { DeskAuth, foreignOrigin, isHttps, safeNext, sameOrigin } from '@/server/desk/auth';
import { tokenHash } from '@/server/secrets';
import { hashPassword, oneTimePassword, passwordProblem, verifyPassword } from '@/server/desk/passwords';
import { addPerson, changeRole, removePerson, resetPassword } from '@/server/desk/staff-admin';
import { StaffStore, emailProblem } from '@/server/desk/staff-store';
import { staffCommand } from '@/server/desk/staff-cli';
import { parseTrustProxy } from '@/server/config';
import type { SqlLeadStore } from '@/server/leads/sql-lead-store';
import { runCommand, runScript } from './support/cli';
import { STORE_KINDS, openTestStore, storeEnv, type StoreKind, type TestStoreLocation } from './support/stores';

const open: SqlLeadStore[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((store) => store.close()));
});

async function openStore(kind: StoreKind): Promise<SqlLeadStore & { location: TestStoreLocation }> {
  const store = await openTestStore(kind);
  open.push(store);
  return store;
}

const PASSWORD = 'a long enough passphrase';
const WINDOW_MS = 15 * 60 * 1000;

function authOn(store: SqlLeadStore, adminPassword?: string): DeskAuth {
  return new DeskAuth(() => store, { adminPassword, trustProxy: 0 });
}

// One hash of PASSWORD for every account these tests add: an argon2id hash costs tens of milliseconds
// of CPU, and what they assert is signing in with it, not that two accounts' salts differ.
let passwordHash: Promise<string> | undefined;

async function addAccount(store: SqlLeadStore, email: string, role: 'owner' | 'agent' = 'agent') {
  return new StaffStore(store.database).addStaff({
    email,
    role,
    passwordHash: await (passwordHash ??= hashPassword(PASSWORD)),
    mustChangePassword: false,
  });
}

describe('staff passwords', () => {
  it('hashes with argon2id at OWASP parameters in PHC form, and checks only the right password', async () => {
    const hash = await hashPassword(PASSWORD);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
    expect(await verifyPassword(`${PASSWORD} `, hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
    expect(await hashPassword(PASSWORD)).not.toBe(hash);
  });

  it('reads the parameters from the stored hash, so older or stronger hashes keep working', async () => {
    const nonce = randomBytes(16);
    const tag = argon2Sync('argon2id', {
      message: PASSWORD,
      nonce,
      memory: 8192,
      passes: 3,
      parallelism: 1,
      tagLength: 32,
    });
    const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');
    const stored = `$argon2id$v=19$m=8192,t=3,p=1$${b64(nonce)}$${b64(tag)}`;
    expect(await verifyPassword(PASSWORD, stored)).toBe(true);
    expect(await verifyPassword('another passphrase', stored)).toBe(false);
  });

  it('matches nothing against a malformed or foreign hash', async () => {
    for (const stored of ['', 'plain text', '$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaA', '$2b$10$abc']) {
      expect(await verifyPassword(PASSWORD, stored)).toBe(false);
    }
  });

  it('makes readable one-time passwords of at least 80 bits, each different', () => {
    const passwords = new Set(Array.from({ length: 200 }, oneTimePassword));
    expect(passwords.size).toBe(200);
    for (const password of passwords) {
      expect(password).toMatch(/^[a-hj-km-np-z2-9]{4}(-[a-hj-km-np-z2-9]{4}){4}$/);
      expect(password).not.toMatch(/[01ilo]/);
    }
    expect(20 * Math.log2(31)).toBeGreaterThanOrEqual(80);
  });

  it('says what is wrong with a new password', () => {
    expect(passwordProblem('short', 'amina@agency.example')).toMatch(/at least 12 characters/);
    expect(passwordProblem('Amina@Agency.example', 'amina@agency.example')).toMatch(/not your email/);
    expect(passwordProblem('k7pm-2xqa-abcd', 'amina@agency.example', 'k7pm-2xqa-abcd')).toMatch(/new password/);
    expect(passwordProblem('x'.repeat(300), 'amina@agency.example')).toMatch(/at most/);
    expect(passwordProblem(PASSWORD, 'amina@agency.example', 'k7pm-2xqa-abcd')).toBeUndefined();
  });

  it('takes plain staff emails only', () => {
    expect(emailProblem('Amina@Agency.Example')).toBeUndefined();
    expect(emailProblem('"<script>"@x.example')).toMatch(/plain email/);
    expect(emailProblem('a b@x.example')).toMatch(/plain email/);
    expect(emailProblem('  ')).toMatch(/Enter an email/);
  });
});

describe('the desk lock without a store', () => {
  const request = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

  it('believes X-Forwarded-Proto only behind a proxy named by TRUST_PROXY', () => {
    const forwarded = request('http://desk.example/admin', { 'X-Forwarded-Proto': 'https' });
    expect(isHttps(forwarded, parseTrustProxy(undefined))).toBe(false);
    expect(isHttps(forwarded, parseTrustProxy('0'))).toBe(false);
    expect(isHttps(forwarded, parseTrustProxy('1'))).toBe(true);
    expect(isHttps(forwarded, parseTrustProxy('10.0.0.1'))).toBe(true);
    expect(isHttps(request('http://desk.example/admin', { 'X-Forwarded-Proto': 'http' }), 1)).toBe(false);
    expect(isHttps(request('https://desk.example/admin'), 0)).toBe(true);
  });

  it('accepts a next page only on this desk', () => {
    expect(safeNext('/admin/leads?status=new')).toBe('/admin/leads?status=new');
    expect(safeNext('/admin')).toBe('/admin');
    for (const next of [
      '//evil.example/admin',
      'https://evil.example/admin',
      '/administrator',
      '/\\evil',
      '/admin/sign-in',
      null,
      '',
    ]) {
      expect(safeNext(next)).toBeUndefined();
    }
  });

  it('tells a form post from this site from a foreign one', () => {
    const post = (origin?: string) =>
      request('http://desk.example/admin/staff', origin === undefined ? {} : { Origin: origin });
    expect(sameOrigin(post('http://desk.example'))).toBe(true);
    expect(sameOrigin(post('https://desk.example'))).toBe(true);
    expect(sameOrigin(post('http://evil.example'))).toBe(false);
    expect(sameOrigin(post('null'))).toBe(false);
    expect(sameOrigin(post())).toBe(false);
    expect(foreignOrigin(post())).toBe(false);
    expect(foreignOrigin(post('http://evil.example'))).toBe(true);
  });
});

describe.each(STORE_KINDS)('staff and sessions on %s', (kind) => {
  it('keeps staff with lower-cased emails and finds them in any case', async () => {
    const store = await openStore(kind);
    const staff = new StaffStore(store.database);
    const amina = await addAccount(store, 'Amina@Agency.Example', 'owner');
    expect(amina).toMatchObject({ email: 'amina@agency.example', role: 'owner', mustChangePassword: false });
    expect((await staff.staffByEmail('AMINA@agency.example'))?.id).toBe(amina.id);
    expect(await staff.staffById(amina.id)).toEqual(amina);
    await expect(addAccount(store, 'amina@AGENCY.example')).rejects.toThrow();
    await addAccount(store, 'bilal@agency.example');
    expect((await staff.listStaff()).map((person) => person.email)).toEqual([
      'amina@agency.example',
      'bilal@agency.example',
    ]);
    expect(await staff.countStaff()).toBe(2);
  });

  it('signs in to a session stored only as the hash of its token, with its own CSRF token', async () => {
    const store = await openStore(kind);
    const amina = await addAccount(store, 'amina@agency.example');
    const auth = authOn(store);
    const first = await auth.signIn('Amina@agency.example', PASSWORD, '10.0.0.1');
    const second = await auth.signIn('amina@agency.example', PASSWORD, '10.0.0.1');
    if (first.outcome !== 'signed-in' || second.outcome !== 'signed-in') throw new Error('not signed in');
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.token).not.toBe(first.token);
    expect(second.session.csrfToken).not.toBe(first.session.csrfToken);
    const session = await auth.session(first.token);
    expect(session?.staff).toEqual(amina);
    expect(session?.csrfToken).toBe(first.session.csrfToken);
    const rows = await store.database.all<{ token_hash: string }>('SELECT token_hash FROM staff_sessions');
    expect(rows.map((row) => row.token_hash).sort()).toEqual([tokenHash(first.token), tokenHash(second.token)].sort());
    expect(JSON.stringify(rows)).not.toContain(first.token);
    expect(await auth.session(tokenHash(first.token))).toBeUndefined();
    expect(await auth.session('made-up')).toBeUndefined();
  });

  it('ends a session after eight hours, at sign-out, and everywhere at once', async () => {
    const store = await openStore(kind);
    const amina = await addAccount(store, 'amina@agency.example');
    await addAccount(store, 'bilal@agency.example');
    const auth = authOn(store);
    const now = Date.now();
    const tokens = [];
    for (const client of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      const result = await auth.signIn('amina@agency.example', PASSWORD, client, now);
      if (result.outcome !== 'signed-in') throw new Error('not signed in');
      tokens.push(result.token);
    }
    const bilal = await auth.signIn('bilal@agency.example', PASSWORD, '10.0.0.4', now);
    if (bilal.outcome !== 'signed-in') throw new Error('not signed in');
    expect(await auth.session(tokens[0], now + 8 * 60 * 60 * 1000 - 1)).toBeDefined();
    expect(await auth.session(tokens[0], now + 8 * 60 * 60 * 1000)).toBeUndefined();
    await auth.signOut(tokens[0]!);
    expect(await auth.session(tokens[0])).toBeUndefined();
    expect(await auth.session(tokens[1])).toBeDefined();
    expect(await auth.signOutEverywhere(amina.id)).toBe(2);
    expect(await auth.session(tokens[1])).toBeUndefined();
    expect(await auth.session(tokens[2])).toBeUndefined();
    expect(await auth.session(bilal.token)).toBeDefined();
  });

  it('changes a password after checking the current one, ending the other sessions only', async () => {
    const store = await openStore(kind);
    const amina = await addAccount(store, 'amina@agency.example');
    const auth = authOn(store);
    const here = await auth.signIn('amina@agency.example', PASSWORD, '10.0.0.1');
    const there = await auth.signIn('amina@agency.example', PASSWORD, '10.0.0.2');
    if (here.outcome !== 'signed-in' || there.outcome !== 'signed-in') throw new Error('not signed in');
    const next = 'an entirely new passphrase';
    expect(await auth.changePassword(amina.id, 'wrong current', next, next)).toEqual({
      problem: 'The current password is not right.',
    });
    expect(await auth.changePassword(amina.id, PASSWORD, next, `${next}!`)).toEqual({
      problem: 'The two new passwords are not the same.',
    });
    expect(await auth.changePassword(amina.id, PASSWORD, 'short', 'short')).toMatchObject({
      problem: expect.stringMatching(/at least 12/),
    });
    expect(await auth.session(there.token)).toBeDefined();
    const changed = await auth.changePassword(amina.id, PASSWORD, next, next);
    if (!('token' in changed)) throw new Error(changed.problem);
    // Every session ends, this one too; the browser that changed it carries on under a new token.
    expect(await auth.session(here.token)).toBeUndefined();
    expect(await auth.session(there.token)).toBeUndefined();
    expect((await auth.session(changed.token))?.staff.email).toBe('amina@agency.example');
    expect((await auth.signIn('amina@agency.example', PASSWORD, '10.0.0.3')).outcome).toBe('wrong');
    expect((await auth.signIn('amina@agency.example', next, '10.0.0.3')).outcome).toBe('signed-in');
  });

  it('counts wrong current passwords on the password page against the account, as sign-ins', async () => {
    const store = await openStore(kind);
    const amina = await addAccount(store, 'amina@agency.example');
    const auth = authOn(store);
    const here = await auth.signIn('amina@agency.example', PASSWORD, '10.0.0.1');
    if (here.outcome !== 'signed-in') throw new Error('not signed in');
    const next = 'an entirely new passphrase';
    const now = Date.now();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(await auth.changePassword(amina.id, `guess ${attempt}`, next, next, now)).toEqual({
        problem: 'The current password is not right.',
      });
    }
    expect(await auth.changePassword(amina.id, PASSWORD, next, next, now + 1000)).toMatchObject({
      problem: expect.stringMatching(/Too many attempts/),
    });
    expect((await auth.signIn('amina@agency.example', PASSWORD, '10.0.0.9', now + 1000)).outcome).toBe('limited');
    expect(await auth.changePassword(amina.id, PASSWORD, next, next, now + WINDOW_MS + 1)).toHaveProperty('token');
  });

  it('refuses a throttled account whatever the password, until its window passes', async () => {
    const store = await openStore(kind);
    await addAccount(store, 'amina@agency.example');
    const auth = authOn(store);
    const now = Date.now();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await auth.signIn('amina@agency.example', 'wrong guess', `10.0.1.${attempt}`, now)).outcome).toBe(
        'wrong',
      );
    }
    const refused = await auth.signIn('AMINA@agency.example', PASSWORD, '10.0.2.1', now + 1000);
    expect(refused).toEqual({ outcome: 'limited', retryAfter: WINDOW_MS / 1000 - 1 });
    expect((await auth.signIn('amina@agency.example', PASSWORD, '10.0.2.1', now + WINDOW_MS + 1)).outcome).toBe(
      'signed-in',
    );
  });

  it("forgets an account's failures once its owner gets in", async () => {
    const store = await openStore(kind);
    await addAccount(store, 'amina@agency.example');
    const auth = authOn(store);
    for (let round = 0; round < 2; round += 1) {
      for (let attempt = 0; attempt < 9; attempt += 1) {
        expect((await auth.signIn('amina@agency.example', 'typo', `10.1.${round}.${attempt}`)).outcome).toBe('wrong');
      }
      expect((await auth.signIn('amina@agency.example', PASSWORD, `10.2.${round}.1`)).outcome).toBe('signed-in');
    }
  });

  it('refuses an address that tried too many accounts, and only that address', async () => {
    const store = await openStore(kind);
    await addAccount(store, 'amina@agency.example');
    const auth = authOn(store);
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await auth.signIn(`guess${attempt}@agency.example`, 'wrong guess', '203.0.113.9')).outcome).toBe('wrong');
    }
    const refused = await auth.signIn('amina@agency.example', PASSWORD, '203.0.113.9');
    expect(refused.outcome).toBe('limited');
    expect((await auth.signIn('amina@agency.example', PASSWORD, '203.0.113.10')).outcome).toBe('signed-in');
  });

  it('lets ADMIN_PASSWORD create the first owner only, who must then choose a password', async () => {
    const store = await openStore(kind);
    expect(await authOn(store).setup()).toBe('no-staff');
    expect(await authOn(store).startNotice()).toBe(
      'No staff account exists yet: make the desk\'s first owner on this server with "npm run staff -- add you@example.com --role owner", then sign in at /admin/sign-in with the one-time password it prints.',
    );
    expect(await authOn(store).signIn('amina@agency.example', 'anything at all', '10.0.0.1')).toEqual({
      outcome: 'no-staff',
    });
    const auth = authOn(store, 'bootstrap secret 2026');
    expect(await auth.setup()).toBe('first-owner');
    expect(await auth.startNotice()).toContain('sign in at /admin/sign-in with your email and ADMIN_PASSWORD');
    expect((await auth.signIn('amina@agency.example', 'bootstrap secret', '10.0.0.1')).outcome).toBe('wrong');
    expect((await auth.signIn('"<script>"@x.example', 'bootstrap secret 2026', '10.0.0.1')).outcome).toBe('bad-email');
    const first = await auth.signIn('Amina@Agency.example', 'bootstrap secret 2026', '10.0.0.1');
    if (first.outcome !== 'signed-in') throw new Error('not signed in');
    expect(first.session.staff).toMatchObject({
      email: 'amina@agency.example',
      role: 'owner',
      mustChangePassword: true,
    });
    expect(await auth.setup()).toBe('staff');
    expect((await auth.signIn('bilal@agency.example', 'bootstrap secret 2026', '10.0.0.1')).outcome).toBe('wrong');
    expect(await auth.startNotice()).toBe(
      'ADMIN_PASSWORD is ignored: staff accounts exist. Remove it from the environment.',
    );
    expect(await authOn(store).startNotice()).toBeUndefined();
    const staff = new StaffStore(store.database);
    expect(await staff.countStaff()).toBe(1);
    const account = await staff.staffByEmail('amina@agency.example');
    expect(account?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(account?.passwordHash).not.toContain('bootstrap');
  });

  it('makes one first owner when two sign in with ADMIN_PASSWORD at once', async () => {
    const store = await openStore(kind);
    const auth = authOn(store, 'bootstrap secret 2026');
    const results = await Promise.all(
      ['amina@agency.example', 'bilal@agency.example', 'chen@agency.example'].map((email, index) =>
        auth.signIn(email, 'bootstrap secret 2026', `10.0.0.${index}`),
      ),
    );
    expect(results.filter((result) => result.outcome === 'signed-in')).toHaveLength(1);
    expect(await new StaffStore(store.database).countStaff()).toBe(1);
  });

  it("removes a person: their sessions end and their leads are unassigned, in each lead's history", async () => {
    const store = await openStore(kind);
    const staff = new StaffStore(store.database);
    const owner = await addAccount(store, 'owner@agency.example', 'owner');
    const amina = await addAccount(store, 'amina@agency.example');
    const lead = {
      formId: 'hajj',
      fields: { name: 'Yusuf', email: 'yusuf@example.com', phone: '7135550123', message: 'Hajj' },
      pageUrl: null,
      userAgent: null,
    };
    const stored = [(await store.insertLead(lead))!, (await store.insertLead(lead))!];
    await store.database.run('UPDATE leads SET assignee_id = ?', [amina.id]);
    const auth = authOn(store);
    const session = await auth.signIn('amina@agency.example', PASSWORD, '10.0.0.1');
    if (session.outcome !== 'signed-in') throw new Error('not signed in');

    const removed = await removePerson(staff, amina, owner.email, new Date('2026-11-24T10:00:00Z'));
    expect(removed).toMatchObject({ ok: true });
    expect(await auth.session(session.token)).toBeUndefined();
    expect(await staff.staffById(amina.id)).toBeUndefined();
    const assignees = await store.database.all<{ assignee_id: string | null }>('SELECT assignee_id FROM leads');
    expect(assignees).toEqual([{ assignee_id: null }, { assignee_id: null }]);
    const history = await store.database.all<Record<string, string>>(
      'SELECT lead_id, reference, actor, at, action, detail FROM lead_history ORDER BY lead_id',
    );
    expect(history).toEqual(
      stored
        .map((one) => ({
          lead_id: one.id,
          reference: one.reference,
          actor: 'owner@agency.example',
          at: '2026-11-24T10:00:00.000Z',
          action: 'assignee',
          detail: 'amina@agency.example → unassigned (person removed)',
        }))
        .sort((a, b) => a.lead_id.localeCompare(b.lead_id)),
    );
    expect(await staff.removeStaff(amina.id, owner.email)).toBe(false);
  });

  it('keeps the last owner: neither removed nor made an agent', async () => {
    const store = await openStore(kind);
    const staff = new StaffStore(store.database);
    const owner = await addAccount(store, 'owner@agency.example', 'owner');
    expect(await changeRole(staff, owner, 'agent')).toEqual({
      ok: false,
      problem: 'The desk needs an owner: make someone else an owner first.',
    });
    expect(await removePerson(staff, owner, owner.email)).toMatchObject({ ok: false });
    expect((await staff.staffById(owner.id))?.role).toBe('owner');
    const second = await addAccount(store, 'second@agency.example');
    expect(await changeRole(staff, second, 'owner')).toMatchObject({ ok: true });
    expect(await changeRole(staff, owner, 'agent')).toMatchObject({ ok: true });
    expect(await removePerson(staff, second, owner.email)).toMatchObject({ ok: false });
    expect(await changeRole(staff, second, 'boss')).toMatchObject({ ok: false, problem: /owner or agent/ });
  });

  it('adds people and resets passwords with one-time passwords that must be replaced', async () => {
    const store = await openStore(kind);
    const staff = new StaffStore(store.database);
    const auth = authOn(store);
    const added = await addPerson(staff, 'Chen@Agency.example', 'agent');
    if (!added.ok || !added.oneTimePassword) throw new Error('not added');
    expect(await addPerson(staff, 'chen@agency.example', 'owner')).toEqual({
      ok: false,
      problem: 'chen@agency.example already has an account.',
    });
    expect(await addPerson(staff, '"<script>"@x.example', 'agent')).toMatchObject({ ok: false });
    const first = await auth.signIn('chen@agency.example', added.oneTimePassword, '10.0.0.1');
    if (first.outcome !== 'signed-in') throw new Error('not signed in');
    expect(first.session.staff.mustChangePassword).toBe(true);
    expect(
      await auth.changePassword(added.person.id, added.oneTimePassword, added.oneTimePassword, added.oneTimePassword),
    ).toMatchObject({ problem: expect.stringMatching(/new password/) });
    const changed = await auth.changePassword(added.person.id, added.oneTimePassword, PASSWORD, PASSWORD);
    if (!('token' in changed)) throw new Error(changed.problem);
    expect(await auth.session(first.token)).toBeUndefined();
    expect((await auth.session(changed.token))?.staff.mustChangePassword).toBe(false);

    const reset = await resetPassword(staff, added.person);
    if (!reset.ok || !reset.oneTimePassword) throw new Error('not reset');
    expect(reset.message).toContain('1 session of theirs ended');
    expect(await auth.session(changed.token)).toBeUndefined();
    expect((await auth.signIn('chen@agency.example', PASSWORD, '10.0.0.1')).outcome).toBe('wrong');
    const again = await auth.signIn('chen@agency.example', reset.oneTimePassword, '10.0.0.1');
    expect(again.outcome === 'signed-in' && again.session.staff.mustChangePassword).toBe(true);
  });
});

// Most cases run the command in this process (`staffCommand`, the one path the script takes); a
// few start Node to hold the process boundary: the store chosen from the environment, the exit code,
// stdout and stderr. Each process costs about a second of CPU on a busy 2-core machine.
describe.each(STORE_KINDS)('npm run staff on %s', { timeout: 60_000 }, (kind) => {
  const env = (location: TestStoreLocation) => ({
    ...process.env,
    LEADS_DB: '',
    DATABASE_URL: '',
    ...storeEnv(location),
  });
  const staffCli = (location: TestStoreLocation, ...args: string[]) => runCommand(staffCommand, env(location), ...args);
  const staffProcess = (location: TestStoreLocation, ...args: string[]) =>
    runScript('scripts/staff.ts', env(location), ...args);

  it('adds, lists, resets and removes people, printing each one-time password once', async () => {
    const store = await openStore(kind);
    const auth = authOn(store);
    const added = await staffProcess(store.location, 'add', 'Amina@Agency.example', '--role', 'owner');
    expect(added.status).toBe(0);
    const [, password] = /One-time password \(shown only now\): (\S+)/.exec(added.stdout) ?? [];
    expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){4}$/);
    const first = await auth.signIn('amina@agency.example', password!, '10.0.0.1');
    expect(first.outcome === 'signed-in' && first.session.staff).toMatchObject({
      role: 'owner',
      mustChangePassword: true,
    });

    expect((await staffCli(store.location, 'add', 'bilal@agency.example')).status).toBe(0);
    const listed = await staffCli(store.location, 'list');
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(/^amina@agency\.example {2}owner {2}added \d{4}-\d\d-\d\d {2}\(has not chosen/m);
    expect(listed.stdout).toMatch(/^bilal@agency\.example {2}agent /m);
    expect(listed.stdout).not.toContain(password);

    const reset = await staffCli(store.location, 'reset-password', 'amina@agency.example');
    expect(reset.status).toBe(0);
    expect(reset.stdout).toContain('1 session of theirs ended');
    if (first.outcome === 'signed-in') expect(await auth.session(first.token)).toBeUndefined();
    const [, newPassword] = /One-time password \(shown only now\): (\S+)/.exec(reset.stdout) ?? [];
    expect(newPassword).not.toBe(password);
    expect((await auth.signIn('amina@agency.example', password!, '10.0.0.2')).outcome).toBe('wrong');

    expect(await staffCli(store.location, 'remove', 'bilal@agency.example')).toMatchObject({ status: 0 });
    const last = await staffCli(store.location, 'remove', 'amina@agency.example');
    expect(last.status).toBe(1);
    expect(last.stderr).toContain('The desk needs an owner');
    expect((await staffCli(store.location, 'list')).stdout).not.toContain('bilal');
  });

  it('refuses unknown people and addresses that are not plain with exit code 1', async () => {
    const store = await openStore(kind);
    const unknown = await staffProcess(store.location, 'reset-password', 'nobody@agency.example');
    expect(unknown).toMatchObject({ status: 1 });
    expect(unknown.stderr).toContain('nobody@agency.example has no staff account');
    const script = await staffCli(store.location, 'add', '"<script>"@x.example');
    expect(script.status).toBe(1);
    expect(script.stderr).toContain('plain email address');
  });
});

// Misuse is refused before any store is opened, so it is tried once, every case at the same time:
// --help and one misuse as processes (exit codes 0 and 2, stdout and stderr), the rest in this process.
describe('npm run staff, misused', () => {
  const staffCli = (...args: string[]) => runCommand(staffCommand, process.env, ...args);
  const staffProcess = (...args: string[]) => runScript('scripts/staff.ts', process.env, ...args);

  it('refuses misuse with the usage and exit code 2, and answers --help with it', async () => {
    const misuses = [
      [],
      ['frob'],
      ['add'],
      ['add', 'a@x.example', '--role', 'boss'],
      ['list', 'a@x.example'],
      ['remove', 'a@x.example', '--role', 'owner'],
    ];
    const [help, ...runs] = await Promise.all([
      staffProcess('--help'),
      ...misuses.map((args, index) => (index === 1 ? staffProcess(...args) : staffCli(...args))),
    ]);
    for (const [index, run] of runs.entries()) {
      expect(run.status, misuses[index]!.join(' ')).toBe(2);
      expect(run.stderr).toContain('Usage:');
    }
    expect(help).toMatchObject({ status: 0 });
    expect(help.stdout).toContain('Usage:');
  });
});
