/*
 * The lead page's Reply card: what it offers (email where SMTP is set up and the enquiry has an
 * address, WhatsApp where it has a usable number), the form filled from a chosen template, and what
 * its post does. Templates are filled in on the server, so choosing one needs no script; a template
 * that needs a value this lead lacks (no quote sent, no package) says so and fills nothing.
 */
import { randomUUID } from 'node:crypto';
import { pageOrigin, replySubject } from '../../lib/desk/lead.ts';
import { internationalDigits } from '../../lib/phone.ts';
import type { DeskLead } from '../../lib/desk/model.ts';
import type { ReplyPanel } from '../../lib/desk/reply-email.ts';
import {
  messageProblems,
  renderTemplate,
  type PlaceholderValues,
  type TemplateProblem,
  type TemplateText,
} from '../../lib/desk/reply-templates.ts';
import { whatsappMessageUrl } from '../../lib/quotes/desk-view.ts';
import { findForm } from '../../lib/forms/definitions.ts';
import { visitorEmail, visitorName, visitorPhone } from '../../lib/leads/visitor.ts';
import { quoteLink } from '../../lib/quotes/token.ts';
import { agencyContact } from '../../lib/site-contact.ts';
import type { QuoteStore } from '../quotes/store.ts';
import type { ReplyStore } from './reply-store.ts';

/** The lead, who is replying and what this process can send. */
export interface ReplyContext {
  lead: DeskLead;
  staff: { id: string; email: string };
  /** Whether SMTP is set up (`quoteEmailsOn()`). */
  emailsOn: boolean;
  siteUrl: string;
  replies: ReplyStore;
  quotes: QuoteStore;
}

const KEY = /^[0-9a-f-]{36}$/;
const NO_NAME = 'Replies go out under your name: add it on your account page first.';

/** The lead's values for the placeholders: the quote link only while its newest live quote has one. */
async function placeholderValues(context: ReplyContext, staffName: string): Promise<PlaceholderValues> {
  const { lead, quotes, siteUrl } = context;
  const form = findForm(lead.formId);
  const live = (await quotes.quotesOfLead(lead.id)).findLast((quote) => quote.live);
  const token = live && (await quotes.linkOf({ leadId: lead.id, quoteId: live.id }));
  return {
    pilgrim_name: visitorName(form, lead.fields),
    reference: lead.reference,
    package: pageOrigin(form, lead.formId, lead.fields, lead.pageUrl).packageName,
    ...(token ? { quote_link: quoteLink(siteUrl, token) } : {}),
    staff_name: staffName,
    agency_name: agencyContact.name,
  };
}

/** The lead's address and WhatsApp number, with why either is not offered. */
function channels(context: ReplyContext) {
  const form = findForm(context.lead.formId);
  const to = visitorEmail(form, context.lead.fields);
  const phone = internationalDigits(visitorPhone(form, context.lead.fields));
  const emailOff = !context.emailsOn
    ? 'Email replies need the mail server set up (SMTP_URL); until then, reply by WhatsApp or phone.'
    : to
      ? undefined
      : 'This enquiry has no email address to reply to.';
  const whatsappOff = phone ? undefined : 'This enquiry has no phone number WhatsApp can use.';
  return { to: emailOff ? undefined : to, phone, emailOff, whatsappOff };
}

type Drawn = Pick<ReplyPanel, 'chosen' | 'subject' | 'body' | 'key' | 'problems'>;

/** The Reply card: a fresh form, the form filled from template `templateId`, or `drawn` as a refused post left it. */
export async function replyPanel(context: ReplyContext, templateId: string | null, drawn?: Drawn): Promise<ReplyPanel> {
  const { lead } = context;
  const { to, emailOff, whatsappOff } = channels(context);
  const staffName = await context.replies.staffName(context.staff.id);
  const blocked = emailOff && whatsappOff ? `${emailOff} ${whatsappOff}` : staffName === '' ? NO_NAME : undefined;
  const templates = (await context.replies.listTemplates()).map(({ id, name }) => ({ id, name }));
  const base = { leadId: lead.id, blocked, needsName: blocked === NO_NAME, to, emailOff, whatsappOff, templates };
  if (drawn) return { ...base, ...drawn };
  const fresh: Drawn = {
    chosen: '',
    subject: replySubject(findForm(lead.formId), lead.reference, agencyContact.name),
    body: '',
    key: randomUUID(),
    problems: [],
  };
  const id = Number(templateId);
  if (!templateId || blocked) return { ...base, ...fresh };
  const template = Number.isSafeInteger(id) ? await context.replies.template(id) : undefined;
  if (!template) return { ...base, ...fresh, problems: [{ message: 'That template is gone; choose another.' }] };
  const values = await placeholderValues(context, staffName);
  const subject = renderTemplate(template.subject, values);
  const body = renderTemplate(template.body, values);
  const chosen = String(template.id);
  if (!subject.ok || !body.ok) {
    const message = `"${template.name}": ${subject.ok ? '' : subject.message} ${body.ok ? '' : body.message}`;
    return { ...base, ...fresh, chosen, problems: [{ message: message.replace(/\s+/g, ' ').trim() }] };
  }
  return { ...base, ...fresh, chosen, subject: subject.text, body: body.text };
}

/** What a reply post leads to: on (the lead page, or WhatsApp), or the card drawn again with the problems. */
export type ReplyPosted = { redirect: string } | { status: number; panel: ReplyPanel };

/**
 * Sends the reply (`send=email`) or records and opens WhatsApp (`send=whatsapp`) with the text as
 * typed, its placeholders filled in; undefined when the lead is gone.
 */
export async function replyPost(
  context: ReplyContext,
  data: { get(name: string): unknown },
): Promise<ReplyPosted | undefined> {
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  // A browser posts a text box's new lines as CRLF; WhatsApp and the history take them as typed.
  const body = text('body').replace(/\r\n?/g, '\n');
  const typed = { chosen: text('template'), subject: text('subject'), body, key: text('key') };
  const refuse = async (status: number, problems: Drawn['problems']) => ({
    status,
    panel: await replyPanel(context, null, { ...typed, key: KEY.test(typed.key) ? typed.key : randomUUID(), problems }),
  });
  const send = text('send');
  const { phone, emailOff, whatsappOff } = channels(context);
  const staffName = await context.replies.staffName(context.staff.id);
  if (staffName === '') return refuse(400, [{ message: NO_NAME }]);
  if (send !== 'email' && send !== 'whatsapp') return refuse(400, [{ message: 'Choose Send email or WhatsApp.' }]);
  const off = send === 'email' ? emailOff : whatsappOff;
  if (off) return refuse(400, [{ message: off }]);
  if (!KEY.test(typed.key))
    return refuse(400, [{ message: 'This form is out of date: check the text, then send it again.' }]);
  const problems = messageProblems(send === 'email' ? typed.subject : 'WhatsApp', typed.body);
  if (problems.length > 0) return refuse(400, problems);
  const values = await placeholderValues(context, staffName);
  const subject = renderTemplate(typed.subject, values);
  const message = renderTemplate(typed.body, values);
  if (!subject.ok || !message.ok) {
    return refuse(400, [
      ...(subject.ok || send === 'whatsapp' ? [] : [{ field: 'subject' as const, message: subject.message }]),
      ...(message.ok ? [] : [{ field: 'body' as const, message: message.message }]),
    ]);
  }
  const { lead, staff } = context;
  const back = `/admin/leads/${encodeURIComponent(lead.id)}`;
  if (send === 'whatsapp') {
    const recorded = await context.replies.recordWhatsApp(lead.id, phone!, message.text, staff.email);
    return recorded ? { redirect: whatsappMessageUrl(phone!, message.text) } : undefined;
  }
  const reply = { subject: subject.text, body: message.text, key: typed.key };
  const sent = await context.replies.sendReply(lead.id, reply, { email: staff.email, name: staffName });
  if (sent === undefined) return undefined;
  if (!sent.ok) return refuse(400, [{ message: sent.problem }]);
  return { redirect: `${back}?done=${sent.repeated ? 'reply-repeated' : 'reply-sent'}#reply` };
}

/** What a post of the templates page did: on to the page with `done`, or the form again with what was typed and why not. */
export type TemplatePosted =
  | { done: 'added' | 'saved' | 'deleted' }
  | {
      status: number;
      editing: string;
      typed: TemplateText;
      problems: { field?: TemplateProblem['field']; message: string }[];
    };

/** Adds, changes (`action=save`, with `id` to change one) or deletes (`action=delete`, ticked) a template as `actor`. */
export async function templatePost(
  replies: ReplyStore,
  data: { get(name: string): unknown },
  actor: string,
): Promise<TemplatePosted> {
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  const editing = text('id');
  const id = editing === '' ? undefined : Number(editing);
  const typed = { name: text('name'), subject: text('subject'), body: text('body') };
  const refused = (status: number, message: string) => ({ status, editing, typed, problems: [{ message }] });
  if (id !== undefined && !Number.isSafeInteger(id)) return refused(400, 'Choose a template from the list.');
  if (text('action') === 'delete') {
    if (id === undefined) return refused(400, 'Choose a template from the list.');
    if (text('confirm') !== 'yes') return refused(400, 'Tick "Yes, delete" to delete the template.');
    return (await replies.deleteTemplate(id))
      ? { done: 'deleted' }
      : refused(409, 'That template was deleted already.');
  }
  const saved = await replies.saveTemplate(id, typed, actor);
  if (!saved) return refused(409, 'That template was deleted meanwhile; add it again if it is still needed.');
  if (!saved.ok) return { status: 400, editing, typed, problems: saved.problems };
  return { done: id === undefined ? 'added' : 'saved' };
}
