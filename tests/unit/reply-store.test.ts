import { OutboxQueue } from '@/server/outbox/queue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { templateProblems } from '@/lib/desk/reply-templates';
import { agencyContact } from '@/lib/site-contact';
import { DeskListStore } from '@/server/desk/list-store';
import { PipelineStore } from '@/server/desk/pipeline-store';
import { replyPanel, replyPost } from '@/server/desk/reply-desk';
import { ReplyStore } from '@/server/desk/reply-store';
import { QuoteStore } from '@/server/quotes/store';
import { StaffStore } from '@/server/desk/staff-store';
import { leadApiConfig } from '@/server/leads/config';
import { outboxKinds } from '@/server/message-kinds';
import { DeliveryWorker } from '@/server/outbox/worker';
import { QUOTE_TODAY as TODAY, quoteDraft } from './support/quotes';
import { parseMail, smtpMailer, startSmtpServer } from './support/smtp';
import { STORE_KINDS, openTestStore, storeEnv, type StoreKind } from './support/stores';

/*
 * Replies and their templates on both stores: the owners' templates (the three the desk starts
 * with, added, changed, refused, deleted), the name staff send under, a reply queued once with its
 * text in the history and a New lead moved to Contacted, sent by the delivery worker through a real
 * local SMTP server; and the Reply card's template filling, which needs a live quote for its link.
 */

const cleanups: (() => Promise<void> | void)[] = [];
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.restoreAllMocks();
});

const SITE = 'https://miqat-travel.example';
const NOW = new Date('2026-11-20T15:00:00.000Z');
const BOOKING = {
  name: 'Layla Haddad',
  email: 'layla@example.com',
  phone: '(713) 555-0123',
  package_id: '10-nights-3-star-chicago-umrah-package',
  package_name: 'Chicago 10 Nights 3 Star Umrah Package',
};
const KEY = '6f1c2a55-0c3e-4f0e-9d7a-2b8e1f4c9a10';

async function setUp(kind: StoreKind) {
  const store = await openTestStore(kind);
  cleanups.push(() => store.close());
  const replies = new ReplyStore(store.database, { siteUrl: SITE });
  const quotes = new QuoteStore(store.database);
  const staff = new StaffStore(store.database);
  const agent = await staff.addStaff({
    email: 'amina@agency.example',
    role: 'agent',
    passwordHash: 'not a real hash',
    mustChangePassword: false,
  });
  const lead = async (fields: Record<string, string> = BOOKING) =>
    (await store.insertLead({ formId: 'booking', fields, pageUrl: null, userAgent: null }, { now: NOW }))!;
  const history = async (leadId: string) => (await new PipelineStore(store.database).historyOf(leadId)).reverse();
  const messages = async (leadId: string) =>
    (await new OutboxQueue(store.database).deliveriesOf(leadId)).filter((delivery) => delivery.channel === 'message');
  const context = async (leadId: string, emailsOn = true) => ({
    lead: (await new DeskListStore(store.database).deskLead(leadId))!,
    staff: { id: agent.id, email: agent.email },
    emailsOn,
    siteUrl: SITE,
    replies,
    quotes,
  });
  return { store, replies, quotes, agent, lead, history, messages, context };
}

describe.each(STORE_KINDS)('replies and templates on %s', { timeout: 20_000 }, (kind) => {
  it('start with the three templates, each valid, the documents as the visa guide lists them', async () => {
    const { replies } = await setUp(kind);
    const templates = await replies.listTemplates();
    expect(templates.map((template) => template.name)).toEqual(['Documents needed', 'First reply', 'Quote follow-up']);
    for (const template of templates) {
      expect(templateProblems(template), template.name).toEqual([]);
      expect(template.updatedBy).toBe('');
      expect(template.body).toContain('{{staff_name}}');
    }
    const documents = templates[0]!.body;
    expect(documents).toContain(
      'a passport valid for at least six months from the day you arrive in Saudi Arabia, with two blank pages',
    );
    expect(documents).toContain('Umrah visa or Saudi tourist eVisa');
    // Issue 41 (Q05): the vaccine line says what the health fact says, not that everyone over one needs it.
    expect(documents).toContain(
      'The meningitis (ACWY) vaccine is recommended for Umrah (required for Hajj for everyone over 2), given at least 10 days before arrival',
    );
    expect(documents).not.toContain('Everyone aged one and over');
    expect(templates[2]!.body).toContain('{{quote_link}}');
  });

  it('add, change and delete templates; an unknown placeholder or a taken name is refused and nothing saved', async () => {
    const { replies } = await setUp(kind);
    const added = await replies.saveTemplate(
      undefined,
      { name: ' Ramadan dates ', subject: 'Ramadan {{reference}}', body: 'Dear {{pilgrim_name}},\r\nRamadan.' },
      'omar@agency.example',
      NOW,
    );
    expect(added).toEqual({
      ok: true,
      template: {
        id: expect.any(Number),
        name: 'Ramadan dates',
        subject: 'Ramadan {{reference}}',
        body: 'Dear {{pilgrim_name}},\nRamadan.',
        updatedBy: 'omar@agency.example',
        updatedAt: NOW.toISOString(),
      },
    });
    const id = added?.ok ? added.template.id : 0;
    const before = await replies.listTemplates();

    const unknown = await replies.saveTemplate(
      id,
      { name: 'Ramadan dates', subject: 'x', body: 'Dear {{first_name}}' },
      'o',
    );
    expect(unknown).toEqual({
      ok: false,
      problems: [{ field: 'body', message: expect.stringContaining('{{first_name}} is not a placeholder we know') }],
    });
    const refusedNew = await replies.saveTemplate(undefined, { name: 'New', subject: '{{price}}', body: 'b' }, 'o');
    expect(refusedNew).toMatchObject({ ok: false, problems: [{ field: 'subject' }] });
    const taken = await replies.saveTemplate(undefined, { name: 'first REPLY', subject: 's', body: 'b' }, 'o');
    expect(taken).toEqual({
      ok: false,
      problems: [
        {
          field: 'name',
          message: 'A template is already called "first REPLY"; choose another name, or change that one.',
        },
      ],
    });
    expect(await replies.listTemplates()).toEqual(before);

    const later = new Date(NOW.getTime() + 60_000);
    const changed = await replies.saveTemplate(
      id,
      { name: 'Ramadan', subject: 'Ramadan', body: 'Soon.' },
      'hana@a.example',
      later,
    );
    expect(changed).toMatchObject({ ok: true, template: { id, name: 'Ramadan', updatedBy: 'hana@a.example' } });
    expect(await replies.template(id)).toMatchObject({ body: 'Soon.', updatedAt: later.toISOString() });
    expect(await replies.deleteTemplate(id)).toBe(true);
    expect(await replies.deleteTemplate(id)).toBe(false);
    expect(await replies.saveTemplate(id, { name: 'Gone', subject: 's', body: 'b' }, 'o')).toBeUndefined();
    expect((await replies.listTemplates()).map((template) => template.name)).not.toContain('Ramadan');
  });

  it('keep the name staff send under, refusing one a mail header cannot carry', async () => {
    const { replies, agent } = await setUp(kind);
    expect(await replies.staffName(agent.id)).toBe('');
    expect(await replies.setStaffName(agent.id, 'Amina <a@b>')).toMatch(/^Use letters/);
    expect(await replies.staffName(agent.id)).toBe('');
    expect(await replies.setStaffName(agent.id, ' Amina Rahman ')).toBeUndefined();
    expect(await replies.staffName(agent.id)).toBe('Amina Rahman');
  });

  it('queue a reply once, record its text, move New to Contacted on the first only, and send it through SMTP', async () => {
    const { store, replies, agent, lead, history, messages } = await setUp(kind);
    const { id: leadId, reference } = await lead();
    const sender = { email: agent.email, name: 'Amina Rahman' };
    const reply = { subject: 'Your documents', body: 'Dear Layla,\n\nHere is the list.', key: KEY };
    expect(await replies.sendReply(leadId, reply, sender, NOW)).toEqual({
      ok: true,
      to: BOOKING.email,
      repeated: false,
    });
    // The same form again (a double click, a retry): nothing more queued or recorded.
    expect(await replies.sendReply(leadId, reply, sender, NOW)).toEqual({
      ok: true,
      to: BOOKING.email,
      repeated: true,
    });
    expect(await messages(leadId)).toHaveLength(1);
    const second = { ...reply, body: 'One more thing.', key: KEY.replace('6f', '7a') };
    expect(await replies.sendReply(leadId, second, sender, NOW)).toMatchObject({ ok: true, repeated: false });

    const lines = (await history(leadId)).map((entry) => [entry.action, entry.actor, entry.detail]);
    const text = (body: string) =>
      `${body}\n\n--\n${agencyContact.name}\nPhone: ${agencyContact.phone.display}\n${SITE}`;
    const subject = `Your documents (reference ${reference})`;
    expect(lines).toEqual([
      [
        'reply',
        agent.email,
        `Email to ${BOOKING.email}\nSubject: ${subject}\n\n${text('Dear Layla,\n\nHere is the list.')}`,
      ],
      ['status', agent.email, 'New → Contacted'],
      ['reply', agent.email, `Email to ${BOOKING.email}\nSubject: ${subject}\n\n${text('One more thing.')}`],
    ]);
    expect(await new DeskListStore(store.database).deskLead(leadId)).toMatchObject({
      status: 'contacted',
      firstContactedAt: NOW.toISOString(),
    });

    // The worker sends both through a real SMTP server, word for word as the history says.
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const settings = leadApiConfig({ ...storeEnv(store.location), SMTP_URL: smtp.url, SITE_URL: SITE });
    const { mailer, close } = smtpMailer(smtp.url);
    cleanups.push(close);
    const worker = new DeliveryWorker(store, settings, mailer, { kinds: outboxKinds });
    while ((await worker.runOnce(Date.now() + 60_000)) > 0);
    const mails = smtp.state.received
      .filter((mail) => mail.raw.includes(subject))
      .map((mail) => ({ to: mail.to, ...parseMail(mail.raw) }));
    expect(mails).toHaveLength(2);
    const first = mails.find((mail) => mail.text.includes('Here is the list'))!;
    expect(first.to).toEqual([BOOKING.email]);
    expect(first.headers['subject']).toBe(subject);
    expect(first.headers['from']).toMatch(/^"?Amina Rahman"? <[^>]+>$/);
    expect(first.headers['reply-to']).toContain(agencyContact.email);
    expect(first.text.trim()).toBe(text('Dear Layla,\n\nHere is the list.'));
  });

  it('leave a Quoted lead where it is, and refuse a lead without an email address or a sender without a name', async () => {
    const { store, replies, agent, lead, history, messages } = await setUp(kind);
    const { id: quoted } = await lead();
    await new PipelineStore(store.database).updatePipeline(quoted, { status: 'quoted' }, agent.email, NOW);
    const sender = { email: agent.email, name: 'Amina Rahman' };
    await replies.sendReply(quoted, { subject: 's', body: 'b', key: KEY }, sender, NOW);
    expect((await history(quoted)).map((entry) => entry.action)).toEqual(['status', 'reply']);

    const { id: noEmail } = await lead({ ...BOOKING, email: '' });
    expect(await replies.sendReply(noEmail, { subject: 's', body: 'b', key: KEY }, sender, NOW)).toEqual({
      ok: false,
      problem: 'This enquiry has no email address to reply to; call or use WhatsApp instead.',
    });
    const unnamed = await replies.sendReply(quoted, { subject: 's', body: 'b', key: 'other' }, { ...sender, name: '' });
    expect(unnamed).toMatchObject({ ok: false, problem: expect.stringMatching(/^Your account has no name/) });
    expect(await messages(noEmail)).toEqual([]);
    expect(await messages(quoted)).toHaveLength(1);
    expect(await replies.sendReply('no-such-lead', { subject: 's', body: 'b', key: KEY }, sender)).toBeUndefined();
  });

  it('fill a template on the Reply card: the quote link only once a quote is sent; record a WhatsApp message', async () => {
    const { replies, quotes, agent, lead, history, messages, context } = await setUp(kind);
    const { id: leadId, reference } = await lead();
    const followUp = (await replies.listTemplates()).find((template) => template.name === 'Quote follow-up')!;
    // Without a name, the card says why no reply can be written.
    expect((await replyPanel(await context(leadId), String(followUp.id))).blocked).toMatch(
      /^Replies go out under your name/,
    );
    await replies.setStaffName(agent.id, 'Amina Rahman');

    const noQuote = await replyPanel(await context(leadId), String(followUp.id));
    expect(noQuote).toMatchObject({ blocked: undefined, to: BOOKING.email, body: '', chosen: String(followUp.id) });
    expect(noQuote.problems).toEqual([
      { message: expect.stringContaining('{{quote_link}}: this enquiry has no quote sent: send a quote first') },
    ]);

    const saved = await quotes.saveDraft({ leadId }, quoteDraft(), { id: agent.id, email: agent.email }, TODAY, NOW);
    const sent = saved?.ok ? await quotes.send({ leadId, quoteId: saved.quoteId }, agent, TODAY, NOW) : undefined;
    const link = `${SITE}/quote/${sent?.ok ? sent.token : ''}`;
    const filled = await replyPanel(await context(leadId), String(followUp.id));
    expect(filled.problems).toEqual([]);
    expect(filled.subject).toBe(`Your quote ${reference}: any questions?`);
    expect(filled.body).toContain(`Assalamu alaikum Layla Haddad,`);
    expect(filled.body).toContain(`\n${link}\n`);
    expect(filled.body).toMatch(/Amina Rahman\nMiqat Travel$/);

    // Email off: the card says why and WhatsApp is still offered; an unknown placeholder typed is refused.
    const off = await replyPanel(await context(leadId, false), null);
    expect(off.emailOff).toMatch(/^Email replies need the mail server set up/);
    expect(off.whatsappOff).toBeUndefined();
    const form = (fields: Record<string, string>) => new Map(Object.entries(fields));
    const refused = await replyPost(
      await context(leadId),
      form({ send: 'email', subject: 'Hi', body: 'Dear {{nme}}', key: KEY }),
    );
    expect(refused).toMatchObject({ status: 400, panel: { body: 'Dear {{nme}}', problems: [{ field: 'body' }] } });
    const before = (await messages(leadId)).length;

    const chat = await replyPost(
      await context(leadId),
      form({ send: 'whatsapp', subject: '', body: filled.body, key: KEY }),
    );
    expect(chat).toEqual({ redirect: `https://wa.me/17135550123?text=${encodeURIComponent(filled.body)}` });
    const sentMail = await replyPost(
      await context(leadId),
      form({ send: 'email', subject: filled.subject, body: filled.body, key: KEY }),
    );
    expect(sentMail).toEqual({ redirect: `/admin/leads/${leadId}?done=reply-sent#reply` });
    expect(await messages(leadId)).toHaveLength(before + 1);
    const [whatsapp, reply] = (await history(leadId)).filter((entry) => ['whatsapp', 'reply'].includes(entry.action));
    expect(whatsapp!.detail).toBe(`Opened a chat with +17135550123 with this message:\n\n${filled.body}`);
    expect(reply!.detail).toContain(link);
  });
});
