/*
 * The Hajj interest list (schema steps 15, 19): a Hajj form's own answers beside its lead, the phase
 * alerts owners send, and the one-click unsubscribe, a link of its own in each email of which only
 * the SHA-256 is kept, as the trip reminders' opt-out's. This module owns hajj_interest, hajj_alerts,
 * hajj_alert_recipients and hajj_unsubscribe_links; the lead store records a sign-up's answers through `recordInterest` in the
 * lead's own transaction (src/server/leads/interest.ts), and the privacy store erases them through `eraseInterest` in its own.
 *
 * An alert is once per person: each address it is queued to is claimed in hajj_alert_recipients
 * (the key refuses a second claim) in the transaction that queues its email, so a double submit, a
 * restart or a second instance sending the same alert queues nothing again. Whether a person may be
 * mailed is checked when the alert is queued and again when its email is written out.
 */
import { findForm } from '../../lib/forms/definitions.ts';
import { alertFromKey, alertKey, alertSubject, isUnsubscribeToken, type HajjAlert } from '../../lib/hajj/alerts.ts';
import type { InterestEntry } from '../../lib/hajj/interest-list.ts';
import { visitorEmail } from '../../lib/leads/visitor.ts';
import { newLinkToken } from '../../lib/quotes/token.ts';
import { placeholders, type SqlDatabase, type SqlStatements } from '../db/database.ts';
import type { PersonalData } from '../pipeline/personal-data.ts';
import { lockLead, recordHistory } from '../pipeline/trail.ts';
import { queueMessage } from '../outbox/queue.ts';
import { tokenHash } from '../secrets.ts';

/** A phase alert's outbox payload: the alert's facts, never its words, written out when it is sent. */
export interface HajjAlertMessage {
  kind: 'hajj-alert';
  alert: HajjAlert;
}

/** Who unsubscribed, as their history says. */
const UNSUBSCRIBER = 'the pilgrim (unsubscribe link)';

/** A lead's interest as the person's export shows it; null for a lead that is not on the list. */
export interface HeldInterest {
  travellers: number | null;
  consentedAt: string | null;
  unsubscribedAt: string | null;
  /** The alerts queued to the person's address, by subject. */
  alerts: { subject: string; queuedAt: string }[];
}

/** One lead's interest and the alerts its address was sent, for the person's export. */
async function interestOf(db: SqlStatements, leadId: string): Promise<HeldInterest | null> {
  const [row] = await db.all<{
    travellers: number | null;
    consented_at: string | null;
    unsubscribed_at: string | null;
  }>('SELECT travellers, consented_at, unsubscribed_at FROM hajj_interest WHERE lead_id = ?', [leadId]);
  if (!row) return null;
  const sent = await db.all<{ alert_key: string; queued_at: string }>(
    `SELECT hajj_alerts.alert_key, recipient.queued_at FROM hajj_alert_recipients recipient
     JOIN hajj_alerts ON hajj_alerts.id = recipient.alert_id
     JOIN leads ON leads.contact_email = recipient.email
     WHERE leads.id = ? ORDER BY recipient.queued_at`,
    [leadId],
  );
  return {
    travellers: row.travellers === null ? null : Number(row.travellers),
    consentedAt: row.consented_at,
    unsubscribedAt: row.unsubscribed_at,
    alerts: sent.flatMap(({ alert_key, queued_at }) => {
      const alert = alertFromKey(alert_key);
      return alert ? [{ subject: alertSubject(alert), queuedAt: queued_at }] : [];
    }),
  };
}

/**
 * Erases the interest of leads the caller's transaction has locked, before the leads themselves go:
 * their answers and unsubscribes, and the addresses alerts were queued to once no other lead has them.
 */
async function eraseInterest(tx: SqlStatements, leadIds: readonly string[]): Promise<void> {
  if (leadIds.length === 0) return;
  const list = placeholders(leadIds);
  await tx.run(
    `DELETE FROM hajj_alert_recipients WHERE email IN (SELECT contact_email FROM leads WHERE id IN (${list}))
     AND NOT EXISTS (SELECT 1 FROM leads other WHERE other.contact_email = hajj_alert_recipients.email
                     AND other.id NOT IN (${list}))`,
    [...leadIds, ...leadIds],
  );
  await tx.run(`DELETE FROM hajj_unsubscribe_links WHERE lead_id IN (${list})`, leadIds);
  await tx.run(`DELETE FROM hajj_interest WHERE lead_id IN (${list})`, leadIds);
}

/** A lead's place on the Hajj interest list, in the person's export, and its erasure. */
export const HAJJ_PERSONAL_DATA: PersonalData = {
  key: 'hajjInterest',
  export: interestOf,
  erase: (tx, leadIds) => eraseInterest(tx, leadIds),
};

/** Whether the sign-up of `leadId` may be emailed now: consented, not unsubscribed, not erased. */
export async function mayEmail(db: SqlStatements, leadId: string): Promise<boolean> {
  const rows = await db.all(
    'SELECT 1 FROM hajj_interest WHERE lead_id = ? AND consented_at IS NOT NULL AND unsubscribed_at IS NULL',
    [leadId],
  );
  return rows.length > 0;
}

/** A new unsubscribe link for one email to the sign-up of `leadId` (schema step 20): only its SHA-256 is kept. */
export async function issueUnsubscribeToken(db: SqlStatements, leadId: string, now: Date): Promise<string> {
  const token = newLinkToken();
  await db.run('INSERT INTO hajj_unsubscribe_links (token_hash, lead_id, issued_at) VALUES (?, ?, ?)', [
    tokenHash(token),
    leadId,
    now.toISOString(),
  ]);
  return token;
}

interface EntryRow {
  lead_id: string;
  reference: string;
  form_id: string;
  fields: string;
  page_url: string | null;
  received_at: string;
  travellers: number | null;
  consented_at: string | null;
  unsubscribed_at: string | null;
  contact_email: string;
}

const ENTRY_COLUMNS = `hajj_interest.lead_id, leads.reference, leads.form_id, leads.fields, leads.page_url,
  leads.received_at, hajj_interest.travellers, hajj_interest.consented_at, hajj_interest.unsubscribed_at,
  leads.contact_email`;

/** Every sign-up that may be mailed now, one per address (the newest), whom alert `alertId` has not reached. */
const RECIPIENTS = `SELECT ${ENTRY_COLUMNS} FROM hajj_interest JOIN leads ON leads.id = hajj_interest.lead_id
  WHERE hajj_interest.consented_at IS NOT NULL AND hajj_interest.unsubscribed_at IS NULL AND leads.contact_email <> ''
  AND NOT EXISTS (SELECT 1 FROM hajj_alert_recipients recipient
                  WHERE recipient.alert_id = ? AND recipient.email = leads.contact_email)
  ORDER BY leads.seq DESC`;

function toEntry(row: EntryRow): InterestEntry {
  return {
    leadId: row.lead_id,
    reference: row.reference,
    formId: row.form_id,
    fields: JSON.parse(row.fields) as Record<string, string>,
    pageUrl: row.page_url,
    receivedAt: row.received_at,
    travellers: row.travellers === null ? null : Number(row.travellers),
    consentedAt: row.consented_at,
    unsubscribedAt: row.unsubscribed_at,
  };
}

/** The newest sign-up of each address, in the order given. */
function newestPerAddress(rows: readonly EntryRow[]): EntryRow[] {
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.contact_email) && seen.add(row.contact_email));
}

/** A sent alert as the desk lists it. */
export interface SentAlert {
  subject: string;
  sentBy: string;
  sentAt: string;
  recipients: number;
}

/** What sending an alert did: how many emails it queued now, and how many addresses it had reached before. */
export interface AlertSent {
  queued: number;
  earlier: number;
}

/** What unsubscribing did; undefined when the token names no sign-up (unknown, or erased). */
export type Unsubscribed = { done: 'unsubscribed' | 'already' } | undefined;

/** The interest list, its phase alerts and the unsubscribe, alike on SQLite and PostgreSQL. */
export class HajjStore {
  private readonly db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.db = db;
  }

  /** Every sign-up, newest first. */
  async list(): Promise<InterestEntry[]> {
    const rows = await this.db.all<EntryRow>(
      `SELECT ${ENTRY_COLUMNS} FROM hajj_interest JOIN leads ON leads.id = hajj_interest.lead_id ORDER BY leads.seq DESC`,
    );
    return rows.map(toEntry);
  }

  /** How many addresses `alert` would reach now (none it reached already). */
  async recipientCount(alert?: HajjAlert): Promise<number> {
    const id = alert ? await this.alertId(this.db, alertKey(alert)) : undefined;
    return newestPerAddress(await this.db.all<EntryRow>(RECIPIENTS, [id ?? -1])).length;
  }

  /** How many addresses `alert` has already been queued to. */
  async reachedCount(alert: HajjAlert): Promise<number> {
    const id = await this.alertId(this.db, alertKey(alert));
    if (id === undefined) return 0;
    const [row] = await this.db.all<{ count: number | string }>(
      'SELECT COUNT(*) AS count FROM hajj_alert_recipients WHERE alert_id = ?',
      [id],
    );
    return Number(row?.count ?? 0);
  }

  private async alertId(db: SqlStatements, key: string): Promise<number | undefined> {
    const [row] = await db.all<{ id: number | string }>('SELECT id FROM hajj_alerts WHERE alert_key = ?', [key]);
    return row === undefined ? undefined : Number(row.id);
  }

  /**
   * Queues `alert` to every address that may be mailed and has not had it, one email each under the
   * newest sign-up of that address, with a line in that lead's history; the first send records who
   * sent the alert and when.
   */
  async sendAlert(alert: HajjAlert, actor: string, now = new Date()): Promise<AlertSent> {
    const key = alertKey(alert);
    const at = now.toISOString();
    return this.db.transaction(async (tx) => {
      // Two owners sending one alert at once take turns; the second finds every address claimed.
      await tx.lock(`hajj-alert ${key}`);
      await tx.run('INSERT INTO hajj_alerts (alert_key, sent_by, sent_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [
        key,
        actor,
        at,
      ]);
      const alertId = (await this.alertId(tx, key))!;
      const [before] = await tx.all<{ count: number | string }>(
        'SELECT COUNT(*) AS count FROM hajj_alert_recipients WHERE alert_id = ?',
        [alertId],
      );
      // In lead order, as an erasure locks them: two transactions never wait on each other in a circle.
      const recipients = newestPerAddress(await tx.all<EntryRow>(RECIPIENTS, [alertId])).sort((a, b) =>
        a.lead_id < b.lead_id ? -1 : 1,
      );
      const subject = alertSubject(alert);
      let queued = 0;
      for (const row of recipients) {
        const reference = await lockLead(tx, row.lead_id);
        // Erased, or unsubscribed, since it was read: not mailed.
        if (reference === undefined || !(await mayEmail(tx, row.lead_id))) continue;
        const to = visitorEmail(findForm(row.form_id), JSON.parse(row.fields) as Record<string, string>);
        if (!to) continue;
        const claimed = await tx.run(
          `INSERT INTO hajj_alert_recipients (alert_id, email, queued_by, queued_at) VALUES (?, ?, ?, ?)
           ON CONFLICT DO NOTHING`,
          [alertId, row.contact_email, actor, at],
        );
        if (claimed === 0) continue;
        const message: HajjAlertMessage = { kind: 'hajj-alert', alert };
        await queueMessage(tx, { leadId: row.lead_id, destination: to, key: `hajj-alert:${key}`, message }, now);
        await recordHistory(
          tx,
          { id: row.lead_id, reference },
          { actor, at, action: 'hajj', detail: `Phase alert queued to ${to}: "${subject}"` },
        );
        queued += 1;
      }
      return { queued, earlier: Number(before?.count ?? 0) };
    });
  }

  /** Every alert sent, newest first, with who first sent it and how many addresses it reached. */
  async alerts(): Promise<SentAlert[]> {
    const rows = await this.db.all<{
      alert_key: string;
      sent_by: string;
      sent_at: string;
      recipients: number | string;
    }>(
      `SELECT hajj_alerts.alert_key, hajj_alerts.sent_by, hajj_alerts.sent_at, COUNT(recipient.email) AS recipients
       FROM hajj_alerts LEFT JOIN hajj_alert_recipients recipient ON recipient.alert_id = hajj_alerts.id
       GROUP BY hajj_alerts.id, hajj_alerts.alert_key, hajj_alerts.sent_by, hajj_alerts.sent_at
       ORDER BY hajj_alerts.sent_at DESC, hajj_alerts.id DESC`,
    );
    return rows.flatMap((row) => {
      const alert = alertFromKey(row.alert_key);
      return alert
        ? [
            {
              subject: alertSubject(alert),
              sentBy: row.sent_by,
              sentAt: row.sent_at,
              recipients: Number(row.recipients),
            },
          ]
        : [];
    });
  }

  /** Whether the sign-up a token names has unsubscribed; undefined for a token that names none. */
  async subscription(token: string | null): Promise<{ unsubscribed: boolean } | undefined> {
    if (!isUnsubscribeToken(token)) return undefined;
    const [row] = await this.db.all<{ unsubscribed_at: string | null }>(
      `SELECT hajj_interest.unsubscribed_at FROM hajj_unsubscribe_links link
       JOIN hajj_interest ON hajj_interest.lead_id = link.lead_id WHERE link.token_hash = ?`,
      [tokenHash(token)],
    );
    return row && { unsubscribed: row.unsubscribed_at !== null };
  }

  /**
   * Unsubscribes the person a token names: every sign-up of their address stops getting alerts, each
   * with a line in its history. A later sign-up that ticks the box again is a new consent.
   */
  async unsubscribe(token: string | null, now = new Date()): Promise<Unsubscribed> {
    if (!isUnsubscribeToken(token)) return undefined;
    const at = now.toISOString();
    return this.db.transaction(async (tx) => {
      const [found] = await tx.all<{ lead_id: string; contact_email: string; unsubscribed_at: string | null }>(
        `SELECT hajj_interest.lead_id, leads.contact_email, hajj_interest.unsubscribed_at
         FROM hajj_unsubscribe_links link JOIN hajj_interest ON hajj_interest.lead_id = link.lead_id
         JOIN leads ON leads.id = hajj_interest.lead_id WHERE link.token_hash = ?`,
        [tokenHash(token)],
      );
      if (!found) return undefined;
      const rows = await tx.all<{ lead_id: string }>(
        `SELECT hajj_interest.lead_id FROM hajj_interest JOIN leads ON leads.id = hajj_interest.lead_id
         WHERE hajj_interest.unsubscribed_at IS NULL
         AND (hajj_interest.lead_id = ? OR (leads.contact_email = ? AND leads.contact_email <> ''))
         ORDER BY hajj_interest.lead_id`,
        [found.lead_id, found.contact_email],
      );
      for (const { lead_id: leadId } of rows) {
        const reference = await lockLead(tx, leadId);
        if (reference === undefined) continue;
        const changed = await tx.run(
          'UPDATE hajj_interest SET unsubscribed_at = ? WHERE lead_id = ? AND unsubscribed_at IS NULL',
          [at, leadId],
        );
        if (changed === 0) continue;
        await recordHistory(
          tx,
          { id: leadId, reference },
          { actor: UNSUBSCRIBER, at, action: 'hajj', detail: 'Unsubscribed from the Hajj phase alerts' },
        );
      }
      return { done: found.unsubscribed_at === null ? 'unsubscribed' : 'already' };
    });
  }
}
