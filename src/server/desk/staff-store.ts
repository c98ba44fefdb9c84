import { randomUUID } from 'node:crypto';
import type { SqlDatabase, SqlRunner, SqlStatements } from '../db/database.ts';
import { recordHistory } from '../pipeline/trail.ts';
import { type StaffQueries } from './types.ts';
import {
  STAFF_ROLES,
  type StaffAccount,
  type StaffMember,
  type StaffRole,
  type StaffSession,
} from '../../lib/desk/model.ts';

interface StaffRow {
  id: string;
  email: string;
  role: string;
  password_hash: string;
  must_change_password: number | boolean;
  created_at: string;
}

/** What a staff email looks like: plain addresses only, so no quoting, markup or spaces reach a page or a log. */
const EMAIL = /^[a-z0-9._%+'-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/;
const MAX_EMAIL_LENGTH = 254;

/** How the desk stores and compares staff emails. */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** What is wrong with a staff email, in words, or undefined when it will do. */
export function emailProblem(email: string): string | undefined {
  const normal = normalEmail(email);
  if (normal === '') return 'Enter an email address.';
  if (normal.length > MAX_EMAIL_LENGTH || !EMAIL.test(normal))
    return 'Enter a plain email address, like amina@agency.example.';
  return undefined;
}

/** Whether a value names a staff role. */
export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

function member(row: StaffRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    role: isStaffRole(row.role) ? row.role : 'agent',
    mustChangePassword: Boolean(row.must_change_password),
    createdAt: row.created_at,
  };
}

const INSERT_STAFF = `INSERT INTO staff (id, email, role, password_hash, must_change_password, created_at)
  VALUES (?, ?, ?, ?, ?, ?)`;

async function insertStaff(
  db: SqlStatements,
  account: Omit<StaffAccount, 'id' | 'createdAt'>,
  now: Date,
): Promise<StaffMember> {
  const row: StaffRow = {
    id: randomUUID(),
    email: normalEmail(account.email),
    role: account.role,
    password_hash: account.passwordHash,
    must_change_password: account.mustChangePassword ? 1 : 0,
    created_at: now.toISOString(),
  };
  await db.run(INSERT_STAFF, [
    row.id,
    row.email,
    row.role,
    row.password_hash,
    row.must_change_password as number,
    row.created_at,
  ]);
  return member(row);
}

/** Whether a change to a person may go ahead without leaving the desk ownerless. */
export type OwnerGuarded = 'ok' | 'missing' | 'last-owner';

/** Checked inside the change's transaction, one at a time, so two owners cannot demote each other at once. */
async function ownerGuard(tx: SqlRunner, staffId: string): Promise<OwnerGuarded> {
  await tx.lock('desk owners');
  const [person] = await tx.all<{ role: string }>('SELECT role FROM staff WHERE id = ?', [staffId]);
  if (!person) return 'missing';
  if (person.role !== 'owner') return 'ok';
  const [row] = await tx.all<{ owners: number }>("SELECT COUNT(*) AS owners FROM staff WHERE role = 'owner'");
  return Number(row?.owners) > 1 ? 'ok' : 'last-owner';
}

/** Unassigns a person's leads (each recorded in the lead's history), ends their sessions, removes them. */
async function removeWith(tx: SqlStatements, staffId: string, actor: string, now: Date): Promise<boolean> {
  const [person] = await tx.all<StaffRow>('SELECT * FROM staff WHERE id = ?', [staffId]);
  if (!person) return false;
  const leads = await tx.all<{ id: string; reference: string }>(
    'SELECT id, reference FROM leads WHERE assignee_id = ? ORDER BY received_at',
    [staffId],
  );
  const at = now.toISOString();
  for (const lead of leads) {
    await recordHistory(tx, lead, {
      actor,
      at,
      action: 'assignee',
      detail: `${person.email} → unassigned (person removed)`,
    });
  }
  await tx.run('UPDATE leads SET assignee_id = NULL WHERE assignee_id = ?', [staffId]);
  // PostgreSQL enforces the sessions' reference to the person, so they go first.
  await tx.run('DELETE FROM staff_sessions WHERE staff_id = ?', [staffId]);
  await tx.run('DELETE FROM staff WHERE id = ?', [staffId]);
  return true;
}

/** Staff accounts and sessions in the lead store's database, alike on SQLite and PostgreSQL. */
export class StaffStore implements StaffQueries {
  private readonly db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.db = db;
  }

  addStaff(account: Omit<StaffAccount, 'id' | 'createdAt'>, now = new Date()): Promise<StaffMember> {
    return insertStaff(this.db, account, now);
  }

  /**
   * Adds the first owner, or nothing when someone already has an account: two first sign-ins at once
   * make one owner, not two.
   */
  addFirstOwner(email: string, passwordHash: string, now = new Date()): Promise<StaffMember | undefined> {
    return this.db.transaction(async (tx) => {
      await tx.lock('desk first owner');
      const [row] = await tx.all<{ people: number }>('SELECT COUNT(*) AS people FROM staff');
      if (Number(row?.people) > 0) return undefined;
      return insertStaff(tx, { email, role: 'owner', passwordHash, mustChangePassword: true }, now);
    });
  }

  async staffByEmail(email: string): Promise<StaffAccount | undefined> {
    const [row] = await this.db.all<StaffRow>('SELECT * FROM staff WHERE email = ?', [normalEmail(email)]);
    return row && { ...member(row), passwordHash: row.password_hash };
  }

  async staffById(id: string): Promise<StaffMember | undefined> {
    const [row] = await this.db.all<StaffRow>('SELECT * FROM staff WHERE id = ?', [id]);
    return row && member(row);
  }

  /** Password hash included, for the pages that check the current password. */
  async accountById(id: string): Promise<StaffAccount | undefined> {
    const [row] = await this.db.all<StaffRow>('SELECT * FROM staff WHERE id = ?', [id]);
    return row && { ...member(row), passwordHash: row.password_hash };
  }

  async listStaff(): Promise<StaffMember[]> {
    const rows = await this.db.all<StaffRow>('SELECT * FROM staff ORDER BY email');
    return rows.map(member);
  }

  async countStaff(): Promise<number> {
    const [row] = await this.db.all<{ people: number }>('SELECT COUNT(*) AS people FROM staff');
    return Number(row?.people ?? 0);
  }

  async countOwners(): Promise<number> {
    const [row] = await this.db.all<{ people: number }>("SELECT COUNT(*) AS people FROM staff WHERE role = 'owner'");
    return Number(row?.people ?? 0);
  }

  async setPassword(staffId: string, passwordHash: string, mustChangePassword: boolean): Promise<void> {
    await this.db.run('UPDATE staff SET password_hash = ?, must_change_password = ? WHERE id = ?', [
      passwordHash,
      mustChangePassword ? 1 : 0,
      staffId,
    ]);
  }

  async setRole(staffId: string, role: StaffRole): Promise<void> {
    await this.db.run('UPDATE staff SET role = ? WHERE id = ?', [role, staffId]);
  }

  removeStaff(staffId: string, actor: string, now = new Date()): Promise<boolean> {
    return this.db.transaction((tx) => removeWith(tx, staffId, actor, now));
  }

  /** Changes a role unless it would leave the desk without an owner; answers what happened. */
  changeRole(staffId: string, role: StaffRole): Promise<OwnerGuarded> {
    return this.db.transaction(async (tx) => {
      const guard = await ownerGuard(tx, staffId);
      if (guard !== 'ok' && !(guard === 'last-owner' && role === 'owner')) return guard;
      await tx.run('UPDATE staff SET role = ? WHERE id = ?', [role, staffId]);
      return 'ok';
    });
  }

  /** Removes a person unless they are the last owner; answers what happened. */
  removeKeepingOwner(staffId: string, actor: string, now = new Date()): Promise<OwnerGuarded> {
    return this.db.transaction(async (tx) => {
      const guard = await ownerGuard(tx, staffId);
      if (guard !== 'ok') return guard;
      await removeWith(tx, staffId, actor, now);
      return 'ok';
    });
  }

  async createSession(
    tokenHash: string,
    staffId: string,
    csrfToken: string,
    expiresAt: number,
    nowMs = Date.now(),
  ): Promise<void> {
    // Sessions that ran out go when new ones come, so the table holds live ones and a few stale ones.
    await this.db.run('DELETE FROM staff_sessions WHERE expires_at <= ?', [nowMs]);
    await this.db.run(
      'INSERT INTO staff_sessions (token_hash, staff_id, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      [tokenHash, staffId, csrfToken, nowMs, expiresAt],
    );
  }

  async sessionByTokenHash(tokenHash: string, nowMs = Date.now()): Promise<StaffSession | undefined> {
    const [row] = await this.db.all<StaffRow & { csrf_token: string; expires_at: number | string }>(
      `SELECT staff.*, staff_sessions.csrf_token, staff_sessions.expires_at
       FROM staff_sessions JOIN staff ON staff.id = staff_sessions.staff_id
       WHERE staff_sessions.token_hash = ? AND staff_sessions.expires_at > ?`,
      [tokenHash, nowMs],
    );
    return row && { staff: member(row), csrfToken: row.csrf_token, expiresAt: Number(row.expires_at) };
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.run('DELETE FROM staff_sessions WHERE token_hash = ?', [tokenHash]);
  }

  deleteSessionsOf(staffId: string, exceptTokenHash?: string): Promise<number> {
    return exceptTokenHash === undefined
      ? this.db.run('DELETE FROM staff_sessions WHERE staff_id = ?', [staffId])
      : this.db.run('DELETE FROM staff_sessions WHERE staff_id = ? AND token_hash <> ?', [staffId, exceptTokenHash]);
  }

  /** How many live sessions a person has, for the account page. */
  async countSessionsOf(staffId: string, nowMs = Date.now()): Promise<number> {
    const [row] = await this.db.all<{ sessions: number }>(
      'SELECT COUNT(*) AS sessions FROM staff_sessions WHERE staff_id = ? AND expires_at > ?',
      [staffId, nowMs],
    );
    return Number(row?.sessions ?? 0);
  }
}
