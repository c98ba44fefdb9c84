/*
 * Replies from the desk: the owners' reply templates, the name each staff member sends under, and
 * the replies themselves. A reply is queued through the outbox in the lead's own transaction with a
 * line in its history holding the text word for word, so what the history says was sent is what the
 * worker sends (and retries until the mail server takes it). The first reply moves a New lead to
 * Contacted, recorded as any status change is. Alike on SQLite and PostgreSQL.
 */
import {
  composeReply,
  replyHistory,
  replySender,
  staffNameProblem,
  type ReplyEmail,
} from '../../lib/desk/reply-email.ts';
import { templateProblems, type TemplateProblem, type TemplateText } from '../../lib/desk/reply-templates.ts';
import type { SqlDatabase } from '../db/database.ts';
import { messageKind } from '../outbox/kinds.ts';
import { composedMail } from '../outbox/mail.ts';
import { queueMessage } from '../outbox/queue.ts';
import { advanceStatus, lockLead, recordHistory } from '../pipeline/trail.ts';
import { pilgrimAddress } from '../quotes/emails.ts';

/** A reply as an outbox kind: written out in full when staff sent it, so what the lead's history shows is what goes. */
export const REPLY_KIND = messageKind<ReplyEmail>({
  kind: 'reply',
  label: (message) => `Reply "${message.subject}"`,
  compose: (delivery, { subject, text, senderName }, context) => ({
    ...composedMail(delivery, { audience: 'pilgrim', subject, text }, context.from),
    from: replySender(senderName, context.from),
  }),
});

/** A stored template; `updatedBy` is '' for the ones the desk started with. */
export interface ReplyTemplate extends TemplateText {
  id: number;
  updatedBy: string;
  updatedAt: string;
}

interface TemplateRow {
  id: number;
  name: string;
  subject: string;
  body: string;
  updated_by: string;
  updated_at: string;
}

const toTemplate = (row: TemplateRow): ReplyTemplate => ({
  id: Number(row.id),
  name: row.name,
  subject: row.subject,
  body: row.body,
  updatedBy: row.updated_by,
  updatedAt: row.updated_at,
});

/** Saved, or refused with each problem and nothing stored. */
export type TemplateSaved = { ok: true; template: ReplyTemplate } | { ok: false; problems: TemplateProblem[] };

/** A reply as staff send it, its placeholders already filled in; `key` names the form it came from. */
export interface ReplyToSend {
  subject: string;
  body: string;
  /** The form's own key: sent twice (a double click, a retry), the reply is queued and recorded once. */
  key: string;
}

/** Queued (or found queued already under the same key) to the lead's address, or refused; undefined when the lead is gone. */
export type ReplySent = { ok: true; to: string; repeated: boolean } | { ok: false; problem: string } | undefined;

/** Who sends: their email names them in the history, their name is the sender's display name. */
export interface ReplySender {
  email: string;
  name: string;
}

const NO_ADDRESS = 'This enquiry has no email address to reply to; call or use WhatsApp instead.';

export class ReplyStore {
  private readonly db: SqlDatabase;
  private readonly siteUrl: string;

  constructor(db: SqlDatabase, options: { siteUrl: string }) {
    this.db = db;
    this.siteUrl = options.siteUrl;
  }

  /** Every template, by name. */
  async listTemplates(): Promise<ReplyTemplate[]> {
    const rows = await this.db.all<TemplateRow>('SELECT * FROM reply_templates ORDER BY name, id');
    return rows.map(toTemplate);
  }

  async template(id: number): Promise<ReplyTemplate | undefined> {
    const [row] = await this.db.all<TemplateRow>('SELECT * FROM reply_templates WHERE id = ?', [id]);
    return row && toTemplate(row);
  }

  /**
   * Adds a template (`id` undefined) or changes one, as `actor`; refused with its problems when a
   * placeholder is unknown or malformed, a field is empty or too long, or another template has the
   * name. Undefined when the template to change is gone.
   */
  async saveTemplate(
    id: number | undefined,
    text: TemplateText,
    actor: string,
    now = new Date(),
  ): Promise<TemplateSaved | undefined> {
    const template = { name: text.name.trim(), subject: text.subject.trim(), body: text.body.replace(/\r\n?/g, '\n') };
    const problems = templateProblems(template);
    if (problems.length > 0) return { ok: false, problems };
    return this.db.transaction(async (tx) => {
      const [clash] = await tx.all<{ id: number }>('SELECT id FROM reply_templates WHERE lower(name) = lower(?)', [
        template.name,
      ]);
      if (clash && Number(clash.id) !== id) {
        const message = `A template is already called "${template.name}"; choose another name, or change that one.`;
        return { ok: false, problems: [{ field: 'name', message }] };
      }
      const values = [template.name, template.subject, template.body, actor, now.toISOString()];
      const [row] =
        id === undefined
          ? await tx.all<TemplateRow>(
              'INSERT INTO reply_templates (name, subject, body, updated_by, updated_at) VALUES (?, ?, ?, ?, ?) RETURNING *',
              values,
            )
          : await tx.all<TemplateRow>(
              'UPDATE reply_templates SET name = ?, subject = ?, body = ?, updated_by = ?, updated_at = ? WHERE id = ? RETURNING *',
              [...values, id],
            );
      return row && { ok: true, template: toTemplate(row) };
    });
  }

  /** Deletes a template; false when it was gone already. Replies sent from it keep their text in the history. */
  async deleteTemplate(id: number): Promise<boolean> {
    return (await this.db.run('DELETE FROM reply_templates WHERE id = ?', [id])) === 1;
  }

  /** The name a staff member sends replies under; '' until they give one. */
  async staffName(staffId: string): Promise<string> {
    const [row] = await this.db.all<{ display_name: string }>('SELECT display_name FROM staff WHERE id = ?', [staffId]);
    return row?.display_name ?? '';
  }

  /** Sets the name a staff member sends replies under; the problem with it, or undefined once saved. */
  async setStaffName(staffId: string, name: string): Promise<string | undefined> {
    const problem = staffNameProblem(name);
    if (problem) return problem;
    const changed = await this.db.run('UPDATE staff SET display_name = ? WHERE id = ?', [name.trim(), staffId]);
    return changed === 1 ? undefined : 'That account is gone.';
  }

  /**
   * Queues a reply to the lead's email address, from the agency's address under the sender's name, with
   * the text in the lead's history and a New lead moved to Contacted; once per key.
   */
  async sendReply(leadId: string, reply: ReplyToSend, sender: ReplySender, now = new Date()): Promise<ReplySent> {
    const problem = staffNameProblem(sender.name);
    if (problem) return { ok: false, problem: `Your account has no name to send under. ${problem}` };
    return this.db.transaction(async (tx) => {
      const reference = await lockLead(tx, leadId);
      if (reference === undefined) return undefined;
      const to = await pilgrimAddress(tx, leadId);
      if (to === undefined) return { ok: false, problem: NO_ADDRESS };
      const { subject, body } = reply;
      const email = composeReply({ reference, subject, body, senderName: sender.name }, this.siteUrl);
      const queued = await queueMessage(
        tx,
        { leadId, destination: to, key: `reply:${reply.key}`, message: email },
        now,
      );
      if (!queued) return { ok: true, to, repeated: true };
      const at = now.toISOString();
      const lead = { id: leadId, reference };
      await recordHistory(tx, lead, { actor: sender.email, at, action: 'reply', detail: replyHistory(email, to) });
      await advanceStatus(tx, lead, ['new'], 'contacted', sender.email, at);
      return { ok: true, to, repeated: false };
    });
  }

  /** Records that staff opened WhatsApp to `phone` with `text`; false when the lead is gone. */
  async recordWhatsApp(leadId: string, phone: string, text: string, actor: string, now = new Date()): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const reference = await lockLead(tx, leadId);
      if (reference === undefined) return false;
      const detail = `Opened a chat with +${phone} with this message:\n\n${text}`;
      await recordHistory(tx, { id: leadId, reference }, { actor, at: now.toISOString(), action: 'whatsapp', detail });
      return true;
    });
  }
}
