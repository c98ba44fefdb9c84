import { OutboxQueue } from '@/server/outbox/queue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_CONFIRMED_WHEN } from '@/lib/quotes/booking-rule';
import type { QuoteDraft } from '@/lib/quotes/model';
import { deliveryLine } from '@/lib/outbox/lines';
import { PipelineStore } from '@/server/desk/pipeline-store';
import { PrivacyStore } from '@/server/desk/privacy-store';
import { QuoteStore, type StaffActor } from '@/server/quotes/store';
import { StaffStore } from '@/server/desk/staff-store';
import { leadApiConfig } from '@/server/leads/config';
import type { Delivery } from '@/lib/outbox/model';
import { outboxKinds } from '@/server/message-kinds';
import { DeliveryWorker } from '@/server/outbox/worker';
import { QUOTE_TODAY as TODAY, cheaperQuoteDraft, quoteDraft } from './support/quotes';
import { parseMail, smtpMailer, startSmtpServer } from './support/smtp';
import { STORE_KINDS, openTestStore, storeEnv, type StoreKind } from './support/stores';

/*
 * The quote's emails end to end on both stores: queued in the quote store's transactions, sent by
 * the delivery worker through a real local SMTP server, retried, and erased with the lead.
 */

const cleanups: (() => Promise<void> | void)[] = [];

beforeEach(() => {
  // The worker warns on every failed attempt; one test fails on purpose.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.restoreAllMocks();
});

const SITE = 'https://miqat-travel.example';
const NOW = new Date('2026-11-20T15:00:00.000Z');
/** Each pass of the worker a day later: every retry it scheduled is due, and backoff never slows a test. */
let clock = Date.now();
const later = () => (clock += 24 * 60 * 60_000);

/** What the visitor typed in the contact form: none of it may reach the pilgrim's address. */
const VISITOR = {
  firstName: 'Layla',
  lastName: 'Haddad-Qureshi',
  email: 'layla@example.com',
  phone: '+1 (713) 555-0123',
  subject: 'group-bookings',
  message: 'Click http://prize.example/win to claim\nyour free Umrah now',
};

/** Staff's note to the pilgrim is on the quote page, never in an email. */
const NOTE = 'Dear Layla, as discussed on the phone.';

const cheaper = cheaperQuoteDraft({ note: NOTE });

async function setUp(kind: StoreKind, options: { emails?: boolean } = { emails: true }) {
  const store = await openTestStore(kind);
  cleanups.push(() => store.close());
  const smtp = await startSmtpServer();
  cleanups.push(smtp.close);
  const settings = leadApiConfig({
    ...storeEnv(store.location),
    SMTP_URL: smtp.url,
    LEADS_RETRY_BASE_MS: '1000',
    LEADS_RETRY_MAX_MS: '60000',
  });
  const { mailer, close } = smtpMailer(smtp.url);
  cleanups.push(close);
  const worker = new DeliveryWorker(store, settings, mailer, { kinds: outboxKinds });
  const quotes = new QuoteStore(store.database, options);
  const staff = new StaffStore(store.database);
  const member = async (email: string, role: 'owner' | 'agent') =>
    staff.addStaff({ email, role, passwordHash: 'not a real hash', mustChangePassword: false });
  const owners = [await member('omar@agency.example', 'owner'), await member('hana@agency.example', 'owner')];
  const agent = await member('amina@agency.example', 'agent');
  const actor: StaffActor = { id: agent.id, email: agent.email };

  const lead = async (fields: Record<string, string> = VISITOR) =>
    (await store.insertLead({ formId: 'contact', fields, pageUrl: null, userAgent: null }, { now: NOW }))!;
  /** A lead with version 1 of a quote sent: ids, the link's token and where its email went. */
  const sentQuote = async (fields?: Record<string, string>, draft: QuoteDraft = quoteDraft({ note: NOTE })) => {
    const { id: leadId, reference } = await lead(fields);
    const saved = await quotes.saveDraft({ leadId }, draft, actor, TODAY, NOW);
    if (!saved?.ok) throw new Error('draft refused');
    const sent = await quotes.send({ leadId, quoteId: saved.quoteId }, actor, TODAY, NOW);
    if (!sent?.ok) throw new Error('not sent');
    return { leadId, reference, quoteId: saved.quoteId, token: sent.token, emailedTo: sent.emailedTo };
  };
  const messages = async (leadId: string) =>
    (await new OutboxQueue(store.database).deliveriesOf(leadId)).filter((delivery) => delivery.channel === 'message');
  /** Runs the worker until nothing is due (or once, for `once`); the mails received meanwhile, parsed. */
  const deliver = async (once = false) => {
    const before = smtp.state.received.length;
    while ((await worker.runOnce(later())) > 0 && !once);
    return smtp.state.received.slice(before).map((mail) => ({ to: mail.to, ...parseMail(mail.raw) }));
  };
  return { store, smtp, quotes, owners, agent, actor, lead, sentQuote, messages, deliver };
}

/** Nothing the visitor typed, nor staff's note naming them, in a mail's text or headers. */
function expectNothingTyped(mail: { text: string; headers: Record<string, string> }): void {
  const typed = [VISITOR.firstName, VISITOR.lastName, VISITOR.phone, ...VISITOR.message.split('\n'), 'prize.example'];
  const all = `${mail.text}\n${Object.values(mail.headers).join('\n')}`;
  for (const words of typed) expect(all).not.toContain(words);
}

const kinds = (deliveries: readonly Delivery[]) => deliveries.map((delivery) => delivery.message?.kind);

// A store, an SMTP server and staff per test, and the worker's passes: seconds on a loaded machine.
describe.each(STORE_KINDS)('the quote emails on %s', { timeout: 20_000 }, (kind) => {
  it('email each version sent to the pilgrim once: reference, total, valid until and the link, nothing the visitor typed', async () => {
    const { quotes, actor, sentQuote, messages, deliver } = await setUp(kind);
    const { leadId, reference, quoteId, token, emailedTo } = await sentQuote();
    expect(emailedTo).toBe(VISITOR.email);
    // Sending again is refused, and queues nothing.
    expect(await quotes.send({ leadId, quoteId }, actor, TODAY, NOW)).toMatchObject({ ok: false });
    expect(await messages(leadId)).toEqual([
      expect.objectContaining({ destination: VISITOR.email, status: 'pending', message: expect.any(Object) }),
    ]);

    const [first, ...others] = await deliver();
    expect(others).toEqual([]);
    expect(first!.to).toEqual([VISITOR.email]);
    expect(first!.headers['from']).toBe('Miqat Travel <leads@miqat-travel.example>');
    expect(first!.headers['reply-to']).toBe('hello@miqat-travel.example');
    expect(first!.headers['subject']).toBe(`Your quote from Miqat Travel: reference ${reference}`);
    expect(first!.text).toContain(`Reference:   ${reference}`);
    expect(first!.text).toContain(`${SITE}/quote/${token}`);
    expect(first!.text).toContain('$5,452.50');
    expect(first!.text).toContain('Valid until: November 27, 2026');
    expectNothingTyped(first!);
    expect(first!.text).not.toContain(NOTE);

    // Version 2 goes to the same address with the same link, saying it replaces the first.
    expect(await quotes.saveDraft({ leadId, quoteId }, cheaper, actor, TODAY, NOW)).toMatchObject({ version: 2 });
    expect(await quotes.send({ leadId, quoteId }, actor, TODAY, NOW)).toMatchObject({
      version: 2,
      emailedTo: VISITOR.email,
    });
    const [second, ...more] = await deliver();
    expect(more).toEqual([]);
    expect(second!.headers['subject']).toContain('Your updated quote');
    expect(second!.text).toContain('it replaces the quote we sent you earlier');
    expect(second!.text).toContain(`${SITE}/quote/${token}`);
    expect(second!.text).toContain('$5,252.50');
    expectNothingTyped(second!);

    const sent = await messages(leadId);
    expect(sent.map((delivery) => [delivery.status, delivery.attempts])).toEqual([
      ['delivered', 1],
      ['delivered', 1],
    ]);
    expect(sent.map((delivery) => deliveryLine(delivery, (iso) => iso, outboxKinds.label).target)).toEqual([
      `Quote email (version 1) to ${VISITOR.email}`,
      `Quote email (version 2) to ${VISITOR.email}`,
    ]);
  });

  it('email an acceptance once: to the owners of an unassigned lead, the assigned person otherwise, and a confirmation to the pilgrim', async () => {
    const { store, quotes, owners, agent, actor, sentQuote, messages, deliver } = await setUp(kind);
    const { leadId, token } = await sentQuote();
    await deliver();
    const accepted = await quotes.accept(token, 1, '  Layla   Haddad-Qureshi ', TODAY, NOW);
    expect(accepted.outcome).toBe('accepted');
    // A second click, or the same form sent again, changes nothing and queues nothing.
    expect((await quotes.accept(token, 1, 'Layla Haddad-Qureshi', TODAY, NOW)).outcome).toBe('already-accepted');
    const queued = await messages(leadId);
    expect(queued.map((delivery) => [delivery.message?.kind, delivery.destination])).toEqual([
      ['quote-sent', VISITOR.email],
      ['quote-accepted', 'hana@agency.example'],
      ['quote-accepted', 'omar@agency.example'],
      ['acceptance-confirmed', VISITOR.email],
    ]);

    const mails = await deliver();
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual(
      [...owners.map((owner) => owner.email), VISITOR.email].sort(),
    );
    const [toStaff] = mails.filter((mail) => mail.to[0] === owners[0]!.email);
    expect(toStaff!.headers['subject']).toMatch(/^Quote accepted: MQ-\w{6}, version 1, \$5,452\.50$/);
    expect(toStaff!.text).toContain('Name typed: Layla Haddad-Qureshi');
    expect(toStaff!.text).toContain(`${SITE}/admin/leads/${leadId}`);
    expect(toStaff!.headers['from']).toBe('Website enquiries <leads@miqat-travel.example>');
    const [toPilgrim] = mails.filter((mail) => mail.to[0] === VISITOR.email);
    expect(toPilgrim!.text).toContain(BOOKING_CONFIRMED_WHEN);
    expect(toPilgrim!.text).toContain('Deposit:   $1,500, due by November 27, 2026');
    expect(toPilgrim!.text).toContain(`${SITE}/quote/${token}`);
    expectNothingTyped(toPilgrim!);

    // A lead assigned to someone: only they hear of it.
    const other = await sentQuote();
    await new PipelineStore(store.database).updatePipeline(other.leadId, { assigneeId: agent.id }, actor.email, NOW);
    expect((await quotes.accept(other.token, 1, 'Layla Haddad', TODAY, NOW)).outcome).toBe('accepted');
    const notices = (await messages(other.leadId)).filter((delivery) => delivery.message?.kind === 'quote-accepted');
    expect(notices.map((delivery) => delivery.destination)).toEqual([agent.email]);
  });

  it('repeat in the acceptance emails received the cancellation charges the version was sent with (P05)', async () => {
    const { store, owners, sentQuote, deliver } = await setUp(kind);
    const { token } = await sentQuote();
    await deliver();
    // The agency changes its schedule after the quote went: the acceptance keeps the one sent.
    const changed = { bands: [{ fromDays: 0, basisPoints: 10_000 }], note: 'Changed.' };
    const accepting = new QuoteStore(store.database, { emails: true, cancellation: changed });
    expect((await accepting.accept(token, 1, 'Layla Haddad', TODAY, NOW)).outcome).toBe('accepted');
    const mails = await deliver();
    const toPilgrim = mails.find((mail) => mail.to[0] === VISITOR.email)!;
    const toStaff = mails.find((mail) => mail.to[0] === owners[0]!.email)!;
    for (const mail of [toPilgrim, toStaff]) {
      expect(mail.text).toContain('Cancellation charges (as accepted)');
      expect(mail.text).toContain(
        '- More than 60 days before departure (On or before January 8, 2027): $100 per traveler, $300',
      );
      expect(mail.text).not.toContain('Changed.');
    }
    expect(toPilgrim.text).toContain('Total:     $5,452.50 (total by credit card (3% fee): $5,616.07)');
  });

  it("email staff the pilgrim's question asked on the quote's page, once however often the same words are sent", async () => {
    const { quotes, sentQuote, messages, deliver } = await setUp(kind);
    const { leadId, reference, token } = await sentQuote();
    await deliver();
    const question = 'Can we add a night in Madinah?';
    expect(await quotes.ask(token, 1, question, NOW)).toMatchObject({ outcome: 'asked' });
    expect(await quotes.ask(token, 1, question, NOW)).toMatchObject({ outcome: 'already-asked' });
    expect(await quotes.ask(token, 1, 'And a wheelchair at the airport?', NOW)).toMatchObject({ outcome: 'asked' });
    expect(kinds(await messages(leadId))).toEqual(['quote-sent', ...Array<string>(4).fill('quote-question')]);
    const mails = await deliver();
    expect(mails).toHaveLength(4);
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual([
      'hana@agency.example',
      'hana@agency.example',
      'omar@agency.example',
      'omar@agency.example',
    ]);
    expect(mails[0]!.headers['subject']).toBe(`Question on quote ${reference}`);
    expect(mails.filter((mail) => mail.text.includes(`> ${question}`))).toHaveLength(2);
    expect(mails[0]!.text).toContain(`${SITE}/admin/leads/${leadId}`);
  });

  it('email a receipt when staff ask for one: amount, method, paid so far, balance and next due, never the payment reference', async () => {
    const { quotes, actor, sentQuote, messages, deliver } = await setUp(kind);
    const { leadId, quoteId, token } = await sentQuote();
    await quotes.accept(token, 1, 'Layla Haddad', TODAY, NOW);
    await deliver();
    const payment = { paidOn: TODAY, amountCents: 150_000, method: 'bank-transfer', reference: 'TRX-99812-CHASE' };
    const target = { leadId, quoteId };
    const quiet = await quotes.recordPayment(target, { ...payment, amountCents: 50_000 }, actor, TODAY, NOW);
    expect(quiet).toMatchObject({ ok: true, receiptTo: null });
    const receipted = await quotes.recordPayment(target, payment, actor, TODAY, NOW, { emailReceipt: true });
    expect(receipted).toMatchObject({ ok: true, receiptTo: VISITOR.email });
    // A refused payment queues nothing.
    const refused = await quotes.recordPayment(
      target,
      { ...payment, reference: '4111 1111 1111 1111' },
      actor,
      TODAY,
      NOW,
      {
        emailReceipt: true,
      },
    );
    expect(refused).toMatchObject({ ok: false });
    expect(kinds(await messages(leadId)).filter((what) => what === 'payment-receipt')).toHaveLength(1);

    const [receipt, ...others] = await deliver();
    expect(others).toEqual([]);
    expect(receipt!.to).toEqual([VISITOR.email]);
    expect(receipt!.text).toContain('Amount:       $1,500');
    expect(receipt!.text).toContain('Paid by:      Bank transfer');
    expect(receipt!.text).toContain('Received on:  November 20, 2026');
    expect(receipt!.text).toContain('Paid so far:  $2,000 of $5,452.50');
    expect(receipt!.text).toContain('Balance:      $3,452.50');
    expect(receipt!.text).toContain('Next payment: Balance, $3,452.50, due by January 24, 2027');
    expect(receipt!.text).not.toContain('TRX-99812');
    expectNothingTyped(receipt!);
  });

  it('keep an email pending while the SMTP server refuses it, and send it once when it accepts', async () => {
    const { smtp, sentQuote, messages, deliver } = await setUp(kind);
    smtp.state.reject = true;
    const { leadId, token } = await sentQuote();
    expect(await deliver(true)).toEqual([]);
    const [pending] = await messages(leadId);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    expect(pending!.lastError).toContain('451');
    smtp.state.reject = false;
    const mails = await deliver();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${SITE}/quote/${token}`);
    expect(mails[0]!.headers['message-id']).toBe(`<message-${pending!.id}@miqat-travel.example>`);
    expect((await messages(leadId))[0]).toMatchObject({ status: 'delivered', attempts: 2, lastError: null });
  });

  it('erase a lead’s queued emails and their tries with the lead, and send none of them', async () => {
    const { store, smtp, quotes, sentQuote, messages, deliver } = await setUp(kind);
    smtp.state.reject = true;
    const { leadId, token } = await sentQuote();
    expect(await deliver(true)).toEqual([]);
    await quotes.accept(token, 1, 'Layla Haddad', TODAY, NOW);
    expect(await messages(leadId)).toHaveLength(4);
    expect(await new OutboxQueue(store.database).attemptsOf(leadId)).toHaveLength(1);
    const kept = await sentQuote();
    expect(await new PrivacyStore(store).eraseLeads([leadId], 'omar@agency.example', NOW)).toBe(1);
    expect(await new OutboxQueue(store.database).deliveriesOf(leadId)).toEqual([]);
    expect(await new OutboxQueue(store.database).attemptsOf(leadId)).toEqual([]);
    const left = await store.database.all("SELECT id FROM outbox WHERE lead_id = ? OR payload LIKE '%' || ? || '%'", [
      leadId,
      token,
    ]);
    expect(left).toEqual([]);
    smtp.state.reject = false;
    // Only the other lead's email goes out.
    const mails = await deliver();
    expect(mails.map((mail) => mail.to)).toEqual([[VISITOR.email]]);
    expect(mails[0]!.text).toContain(kept.token);
  });

  it('queue nothing with emails off, or for a lead without an email address', async () => {
    const off = await setUp(kind, {});
    const quiet = await off.sentQuote();
    expect(quiet.emailedTo).toBeNull();
    await off.quotes.accept(quiet.token, 1, 'Layla Haddad', TODAY, NOW);
    expect(await off.messages(quiet.leadId)).toEqual([]);

    const on = await setUp(kind);
    const noAddress = await on.sentQuote({ ...VISITOR, email: '' });
    expect(noAddress.emailedTo).toBeNull();
    await on.quotes.accept(noAddress.token, 1, 'Layla Haddad', TODAY, NOW);
    // The staff still hear of the acceptance; the pilgrim has no address to write to.
    expect(kinds(await on.messages(noAddress.leadId))).toEqual(['quote-accepted', 'quote-accepted']);
  });
});
