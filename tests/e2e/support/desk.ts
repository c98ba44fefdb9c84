import { once } from 'node:events';
import { expect, test, type Page } from '@playwright/test';
import { hashPassword } from '../../../src/server/desk/passwords.ts';
import { StaffStore } from '../../../src/server/desk/staff-store.ts';
import type { StaffMember, StaffRole } from '../../../src/lib/desk/model.ts';
import { leadApiConfig } from '../../../src/server/leads/config.ts';
import { openLeadStore } from '../../../src/server/leads/open-store.ts';
import { FULL_BROWSER_STORE, type StoreKind } from '../../support/store-kinds.ts';
import { testLeadDb, type TestLeadDb } from './lead-load.ts';
import { startServer, type SideServer } from './server.ts';

/** Someone on the desk's staff, with the password they sign in with. */
export interface DeskPerson {
  email: string;
  role: StaffRole;
  password: string;
}

/** Adds an account to the store a server's env points at, ready to sign in (no forced change). */
export async function addStaff(env: Record<string, string>, person: DeskPerson): Promise<StaffMember> {
  const store = await openLeadStore(leadApiConfig(env));
  try {
    return await new StaffStore(store.database).addStaff({
      email: person.email,
      role: person.role,
      passwordHash: await hashPassword(person.password),
      mustChangePassword: false,
    });
  } finally {
    await store.close();
  }
}

/** Signs in through the sign-in page and waits until the desk has let the person in. */
export async function signIn(page: Page, origin: string, email: string, password: string): Promise<void> {
  await page.goto(`${origin}/admin/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/admin\/sign-in/);
}

export interface Desk {
  origin: string;
  /** The server's env: the store (`LEADS_DB` or `DATABASE_URL`), `TRUST_PROXY=1` and what was passed. */
  env: Record<string, string>;
  owner: DeskPerson;
  agent: DeskPerson;
  server: SideServer;
  /** Read-only views of the store's leads and outbox. */
  db: TestLeadDb;
  stop(): Promise<void>;
}

/**
 * A fresh store of `kind` and a server on it, with one owner and one agent. `TRUST_PROXY=1`, so a
 * test may send its own `X-Forwarded-For` to keep the sign-in throttles of tests apart.
 */
export async function startDesk(kind: StoreKind, env: Record<string, string> = {}): Promise<Desk> {
  const db = await testLeadDb(kind);
  const serverEnv = { ...db.env, TRUST_PROXY: '1', ADMIN_PASSWORD: '', ...env };
  const owner: DeskPerson = { email: 'owner@agency.example', role: 'owner', password: 'owner passphrase 2026' };
  const agent: DeskPerson = { email: 'agent@agency.example', role: 'agent', password: 'agent passphrase 2026' };
  await addStaff(serverEnv, owner);
  await addStaff(serverEnv, agent);
  const server = await startServer(serverEnv);
  return {
    origin: server.origin,
    env: serverEnv,
    owner,
    agent,
    server,
    db,
    stop: async () => {
      if (server.process.exitCode === null) {
        server.process.kill();
        await once(server.process, 'exit');
      }
      await db.close();
    },
  };
}

/** Playwright's `test` on the store the desk's browser specs run on in full; on the other, the test is not registered. */
export function fullRunOnly(kind: StoreKind): typeof test {
  return kind === FULL_BROWSER_STORE ? test : ((() => {}) as unknown as typeof test);
}
