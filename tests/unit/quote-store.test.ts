import { outboxKinds } from '@/server/message-kinds';
import { afterEach, describe, expect, it } from 'vitest';
import { personExport } from '@/lib/desk/privacy';
import type { QuoteDraft } from '@/lib/quotes/model';
import { newLinkToken } from '@/lib/quotes/token';
import { siteCancellation } from '@/lib/site-booking';
import { DeskListStore } from '@/server/desk/list-store';
import { PipelineStore } from '@/server/desk/pipeline-store';
import { PrivacyStore } from '@/server/desk/privacy-store';
import { quotesOf } from '@/server/quotes/records';
import { QuoteStore, type StaffActor } from '@/server/quotes/store';
import type { SqlLeadStore } from '@/server/leads/sql-lead-store';
import { QUOTE_TODAY as TODAY, cheaperQuoteDraft, quoteDraft } from './support/quotes';
import { STORE_KINDS, openTestStore, type StoreKind } from './support/stores';

const open: SqlLeadStore[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((store) => store.close()));
});

const NOW = new Date('2026-11-20T15:00:00.000Z');
const AMINA: StaffActor = { id: 'staff-1', email: 'amina@agency.example' };
/** A card number that passes the Luhn check (a well-known test number). */
const CARD = '4111 1111 1111 1111';

const draft = (overrides: Partial<QuoteDraft> = {}) =>
  quoteDraft({ note: 'Dear Layla, as discussed on the phone.', ...overrides });

/** Version 2's prices, with version 1's note. */
const cheaper = cheaperQuoteDraft({ note: draft().note });

async function openQuotes(kind: StoreKind) {
  const store = await openTestStore(kind);
  open.push(store);
  const quotes = new QuoteStore(store.database);
  const pipeline = new PipelineStore(store.database);
  const lists = new DeskListStore(store.database);
  const privacy = new PrivacyStore(store);
  const lead = async (email = 'layla@example.com') => {
    const fields = { name: 'Layla Haddad', email, phone: '713-555-0123', adults: '2' };
    const stored = await store.insertLead(
      { formId: 'umrah', fields, pageUrl: null, userAgent: null },
      { now: new Date('2026-11-18T10:00:00.000Z') },
    );
    return stored!;
  };
  /** A lead with a quote sent: its id, the quote's id and the link's token. */
  const sentQuote = async (input: QuoteDraft = draft()) => {
    const { id: leadId } = await lead();
    const saved = await quotes.saveDraft({ leadId }, input, AMINA, TODAY, NOW);
    if (!saved?.ok) throw new Error('draft refused');
    const sent = await quotes.send({ leadId, quoteId: saved.quoteId }, AMINA, TODAY, NOW);
    if (!sent?.ok) throw new Error('not sent');
    return { leadId, quoteId: saved.quoteId, token: sent.token };
  };
  const tableCounts = async () => {
    const count = async (table: string) =>
      Number((await store.database.all<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))[0]!.n);
    return {
      quotes: await count('quotes'),
      versions: await count('quote_versions'),
      acceptances: await count('quote_acceptances'),
      payments: await count('quote_payments'),
    };
  };
  return { store, quotes, pipeline, lists, privacy, lead, sentQuote, tableCounts };
}

describe.each(STORE_KINDS)('the quote store on %s', (kind) => {
  it('refuses a draft with its problems and stores nothing', async () => {
    const { quotes, lead, tableCounts } = await openQuotes(kind);
    const { id: leadId } = await lead();
    const result = await quotes.saveDraft(
      { leadId },
      draft({ schedule: [{ dueOn: '2026-11-27', amountCents: 100 }], validUntil: '2026-11-01' }),
      AMINA,
      TODAY,
      NOW,
    );
    expect(result?.ok).toBe(false);
    expect(result && !result.ok && result.problems.map((problem) => problem.field)).toEqual(
      expect.arrayContaining(['validUntil']),
    );
    expect(await tableCounts()).toEqual({ quotes: 0, versions: 0, acceptances: 0, payments: 0 });
    expect(await quotes.saveDraft({ leadId: 'no-such-lead' }, draft(), AMINA, TODAY, NOW)).toBeUndefined();
  });

  it('sends version 1 frozen: the link shows it, the lead is Quoted and the history says so', async () => {
    const { quotes, pipeline, lists, lead } = await openQuotes(kind);
    const { id: leadId } = await lead();
    const saved = await quotes.saveDraft({ leadId }, draft(), AMINA, TODAY, NOW);
    expect(saved).toMatchObject({ ok: true, version: 1, changed: true });
    const quoteId = saved?.ok ? saved.quoteId : '';
    // A draft saved again stays version 1 until it is sent.
    expect(await quotes.saveDraft({ leadId, quoteId }, draft({ note: '' }), AMINA, TODAY, NOW)).toMatchObject({
      version: 1,
    });
    const sent = await quotes.send({ leadId, quoteId }, AMINA, TODAY, NOW);
    expect(sent).toMatchObject({ ok: true, version: 1 });
    const token = sent?.ok ? sent.token : null;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(await quotes.send({ leadId, quoteId }, AMINA, TODAY, NOW)).toMatchObject({ ok: false });

    const shown = await quotes.quoteByToken(token!);
    expect(shown).toMatchObject({ quoteId, updated: false, acceptance: null });
    expect(shown?.version).toMatchObject({ version: 1, totalCents: 545_250, validUntil: '2026-11-27' });
    expect(shown?.version.sentAt).toBe(NOW.toISOString());
    expect((await lists.deskLead(leadId))?.status).toBe('quoted');
    expect((await pipeline.historyOf(leadId)).map((entry) => [entry.action, entry.detail])).toEqual([
      ['status', 'New → Quoted'],
      ['quote', 'Quote sent: version 1, $5,452.50, valid until 2026-11-27'],
    ]);
  });

  it('makes version 2 of a changed sent quote: the link shows it, version 1 stays readable', async () => {
    const { quotes, sentQuote } = await openQuotes(kind);
    const { leadId, quoteId, token } = await sentQuote();
    expect(await quotes.saveDraft({ leadId, quoteId }, draft(), AMINA, TODAY, NOW)).toMatchObject({
      version: 1,
      changed: false,
    });
    expect(await quotes.saveDraft({ leadId, quoteId }, cheaper, AMINA, TODAY, NOW)).toMatchObject({
      version: 2,
      changed: true,
    });
    // Until version 2 is sent, the link still shows version 1.
    expect((await quotes.quoteByToken(token))?.version.version).toBe(1);
    // Version 2 goes out with the same link, for its email and for staff to copy.
    expect(await quotes.send({ leadId, quoteId }, AMINA, TODAY, NOW)).toMatchObject({ ok: true, version: 2, token });
    expect(await quotes.linkOf({ leadId, quoteId })).toBe(token);
    const shown = await quotes.quoteByToken(token);
    expect(shown).toMatchObject({ updated: true, version: { version: 2, totalCents: 525_250 } });
    const [quote] = await quotes.quotesOfLead(leadId);
    expect(quote?.versions.map((version) => [version.version, version.totalCents])).toEqual([
      [1, 545_250],
      [2, 525_250],
    ]);
    expect(quote?.versions[0]?.draft).toEqual(draft());
  });

  it('answers malformed, unknown, withdrawn and tampered tokens alike with null', async () => {
    const { quotes, sentQuote } = await openQuotes(kind);
    const first = await sentQuote();
    const other = await sentQuote();
    expect(await quotes.quoteByToken(other.token)).toMatchObject({ quoteId: other.quoteId });
    const tampered = `${first.token.slice(0, 10)}${first.token[10] === 'A' ? 'B' : 'A'}${first.token.slice(11)}`;
    for (const token of ['', 'abc', '../../etc/passwd', newLinkToken(), tampered, `${first.token}x`]) {
      expect(await quotes.quoteByToken(token)).toBeNull();
    }
    expect(await quotes.withdraw(first, AMINA, NOW)).toBe(true);
    expect(await quotes.quoteByToken(first.token)).toBeNull();
    expect(await quotes.linkOf(first)).toBeUndefined();
    expect(await quotes.accept(first.token, 1, 'Layla Haddad', TODAY, NOW)).toEqual({ outcome: 'not-found' });
  });

  it("gives a new link that replaces the old one, and refuses one lead's page another lead's quote", async () => {
    const { quotes, sentQuote, tableCounts } = await openQuotes(kind);
    const first = await sentQuote();
    const other = await sentQuote();
    const token = await quotes.reissueLink(first, AMINA, NOW);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(await quotes.quoteByToken(first.token)).toBeNull();
    expect(await quotes.quoteByToken(token!)).toMatchObject({ quoteId: first.quoteId });
    expect(await quotes.linkOf(first)).toBe(token);
    const crossed = { leadId: other.leadId, quoteId: first.quoteId };
    const before = await tableCounts();
    expect(await quotes.saveDraft(crossed, cheaper, AMINA, TODAY, NOW)).toBeUndefined();
    expect(await quotes.send(crossed, AMINA, TODAY, NOW)).toBeUndefined();
    expect(await quotes.reissueLink(crossed, AMINA, NOW)).toBeUndefined();
    expect(await quotes.withdraw(crossed, AMINA, NOW)).toBe(false);
    const payment = { paidOn: TODAY, amountCents: 100, method: 'cash' };
    expect(await quotes.recordPayment(crossed, payment, AMINA, TODAY, NOW)).toBeUndefined();
    expect(await tableCounts()).toEqual(before);
    expect(await quotes.quoteByToken(token!)).toMatchObject({ quoteId: first.quoteId });
  });

  it('gives the link of a live quote to copy or send by WhatsApp, each recorded; none for an unsent or withdrawn one', async () => {
    const { quotes, sentQuote, pipeline, lead } = await openQuotes(kind);
    const { leadId, quoteId, token } = await sentQuote();
    expect(await quotes.shareLink({ leadId, quoteId }, 'copied', AMINA, NOW)).toBe(token);
    expect(await quotes.shareLink({ leadId, quoteId }, 'whatsapp', AMINA, NOW)).toBe(token);
    const shared = (await pipeline.historyOf(leadId)).slice(0, 2);
    expect(shared.map(({ action, actor, detail }) => [action, actor, detail])).toEqual([
      ['quote', AMINA.email, 'Link sent by WhatsApp'],
      ['quote', AMINA.email, 'Link copied'],
    ]);
    const { id: otherLead } = await lead('other@example.com');
    const draftOnly = await quotes.saveDraft({ leadId: otherLead }, draft(), AMINA, TODAY, NOW);
    const unsent = { leadId: otherLead, quoteId: draftOnly?.ok ? draftOnly.quoteId : '' };
    expect(await quotes.shareLink(unsent, 'copied', AMINA, NOW)).toBeUndefined();
    expect(await quotes.shareLink({ leadId: otherLead, quoteId }, 'copied', AMINA, NOW)).toBeUndefined();
    await quotes.withdraw({ leadId, quoteId }, AMINA, NOW);
    const before = await pipeline.historyOf(leadId);
    expect(await quotes.shareLink({ leadId, quoteId }, 'whatsapp', AMINA, NOW)).toBeUndefined();
    expect(await pipeline.historyOf(leadId)).toEqual(before);
    expect(await pipeline.historyOf(otherLead)).toEqual([]);
  });

  it('records an acceptance once; an expired or superseded version is refused', async () => {
    const { quotes, sentQuote, tableCounts, pipeline, lists } = await openQuotes(kind);
    const { leadId, quoteId, token } = await sentQuote();
    expect(await quotes.accept(token, 1, ' ', TODAY, NOW)).toEqual({ outcome: 'name-needed' });
    expect(await quotes.accept(token, 1, 'Layla Haddad', '2026-11-28', NOW)).toEqual({ outcome: 'expired' });
    expect(await quotes.accept(token, 2, 'Layla Haddad', TODAY, NOW)).toEqual({ outcome: 'superseded' });
    // With the cancellation charges the version was sent with (issue 35): the site's schedule.
    const acceptance = {
      version: 1,
      totalCents: 545_250,
      typedName: 'Layla Haddad',
      acceptedAt: NOW.toISOString(),
      cancellation: siteCancellation(),
    };
    const [once, twice] = await Promise.all([
      quotes.accept(token, 1, '  Layla   Haddad ', TODAY, NOW),
      quotes.accept(token, 1, 'Layla Haddad', TODAY, NOW),
    ]);
    expect([once?.outcome, twice?.outcome].sort()).toEqual(['accepted', 'already-accepted']);
    expect(await quotes.accept(token, 1, 'Someone Else', TODAY, NOW)).toEqual({
      outcome: 'already-accepted',
      acceptance,
    });
    expect((await tableCounts()).acceptances).toBe(1);
    expect((await quotes.quoteByToken(token))?.acceptance).toEqual(acceptance);
    const history = (await pipeline.historyOf(leadId)).map(({ action, actor, detail }) => [action, actor, detail]);
    expect(history.slice(0, 2)).toEqual([
      ['follow-up', 'pilgrim', 'none → 2026-11-20 (take the deposit)'],
      ['quote', 'pilgrim', 'Quote accepted: version 1, $5,452.50'],
    ]);
    expect((await lists.deskLead(leadId))?.followUp).toBe(TODAY);

    // A version sent after another was shown supersedes it: the old one cannot be accepted.
    const second = await openQuotes(kind);
    const later = await second.sentQuote();
    await second.quotes.saveDraft({ leadId: later.leadId, quoteId: later.quoteId }, cheaper, AMINA, TODAY, NOW);
    await second.quotes.send(later, AMINA, TODAY, NOW);
    expect(await second.quotes.accept(later.token, 1, 'Layla Haddad', TODAY, NOW)).toEqual({ outcome: 'superseded' });
    expect((await second.quotes.accept(later.token, 2, 'Layla Haddad', TODAY, NOW)).outcome).toBe('accepted');
    expect(quoteId).not.toBe(later.quoteId);
  });

  it('records a decline once with its reason; an accepted quote cannot be declined', async () => {
    const { quotes, sentQuote, tableCounts, pipeline } = await openQuotes(kind);
    const { leadId, token } = await sentQuote();
    expect(await quotes.decline(token, 1, 'x'.repeat(1001), NOW)).toEqual({ outcome: 'reason-too-long' });
    expect(await quotes.decline(token, 2, '', NOW)).toEqual({ outcome: 'superseded' });
    expect(await quotes.decline(newLinkToken(), 1, '', NOW)).toEqual({ outcome: 'not-found' });
    const decline = { version: 1, reason: 'We will travel next year.', declinedAt: NOW.toISOString() };
    expect(await quotes.decline(token, 1, ' We will travel next year. ', NOW)).toEqual({
      outcome: 'declined',
      decline,
    });
    expect(await quotes.decline(token, 1, 'Changed plans', NOW)).toEqual({ outcome: 'already-declined', decline });
    expect((await quotes.quoteByToken(token))?.decline).toEqual(decline);
    expect((await pipeline.historyOf(leadId))[0]).toMatchObject({
      actor: 'pilgrim',
      detail: 'Quote declined: version 1',
    });
    // The pilgrim may still change their mind while the offer stands; then the quote stays accepted.
    expect((await quotes.accept(token, 1, 'Layla Haddad', TODAY, NOW)).outcome).toBe('accepted');
    expect((await quotes.decline(token, 1, '', NOW)).outcome).toBe('already-accepted');
    expect(await tableCounts()).toMatchObject({ acceptances: 1 });
  });

  it("puts a question on the lead as the pilgrim's note, once per submission", async () => {
    const { quotes, sentQuote, pipeline, privacy } = await openQuotes(kind);
    const { leadId, token } = await sentQuote();
    const notesAndHistory = async () => [
      (await pipeline.notesOf(leadId)).length,
      (await pipeline.historyOf(leadId)).length,
    ];
    const before = await notesAndHistory();
    expect(await quotes.ask(token, 1, ' \r\n ', NOW)).toEqual({ outcome: 'question-needed' });
    expect(await quotes.ask(token, 1, 'x'.repeat(1001), NOW)).toEqual({ outcome: 'question-too-long' });
    expect(await quotes.ask(token, 2, 'Is Zamzam water included?', NOW)).toEqual({ outcome: 'not-found' });
    expect(await quotes.ask(newLinkToken(), 1, 'Is Zamzam water included?', NOW)).toEqual({ outcome: 'not-found' });
    expect(await notesAndHistory()).toEqual(before);

    // A line break sent as CRLF counts as one character, as the text box counted it.
    const asked = await quotes.ask(token, 1, `Can my mother have a wheelchair?\r\n${'x'.repeat(967)}`, NOW);
    const question = {
      version: 1,
      text: `Can my mother have a wheelchair?\n${'x'.repeat(967)}`,
      askedAt: NOW.toISOString(),
    };
    expect(asked).toMatchObject({ outcome: 'asked', question, lead: { id: leadId } });
    const later = new Date(NOW.getTime() + 60_000);
    const [again, other] = await Promise.all([
      quotes.ask(token, 1, question.text, later),
      quotes.ask(token, 1, 'Is Zamzam water included?', later),
    ]);
    expect(again).toMatchObject({ outcome: 'already-asked', question });
    expect(other.outcome).toBe('asked');
    const notes = await pipeline.notesOf(leadId);
    expect(notes.map(({ author, body }) => [author, body])).toEqual([
      ['pilgrim', 'Is Zamzam water included?'],
      ['pilgrim', question.text],
    ]);
    expect((await pipeline.historyOf(leadId))[0]).toMatchObject({
      actor: 'pilgrim',
      action: 'quote',
      detail: 'Question asked about version 1 (in the notes)',
    });
    // A day later the same words are a new question: nobody answered the first.
    const nextDay = new Date(NOW.getTime() + 25 * 60 * 60 * 1000);
    expect((await quotes.ask(token, 1, question.text, nextDay)).outcome).toBe('asked');
    // The questions are the person's: the export lists them with the notes, erasure removes them.
    const [record] = await privacy.findPerson({ email: 'layla@example.com' });
    expect(record?.notes.map((note) => note.body)).toContain('Is Zamzam water included?');
    await privacy.eraseLeads([leadId], 'owner@agency.example', NOW);
    expect(await pipeline.notesOf(leadId)).toEqual([]);
    expect(await quotes.ask(token, 1, 'Still there?', NOW)).toEqual({ outcome: 'not-found' });
  });

  it('refuses a card number as a payment reference and stores nothing', async () => {
    const { quotes, sentQuote, tableCounts, pipeline } = await openQuotes(kind);
    const { leadId, quoteId } = await sentQuote();
    const historyBefore = await pipeline.historyOf(leadId);
    for (const reference of [CARD, '4111-1111-1111-1111', '4111111111111111', `Visa ${CARD}`, '4111.1111.1111.1111']) {
      const input = { paidOn: TODAY, amountCents: 150_000, method: 'credit-card', reference };
      const result = await quotes.recordPayment({ leadId, quoteId }, input, AMINA, TODAY, NOW);
      expect(result && !result.ok && result.problems.map((problem) => problem.field)).toEqual(['reference']);
    }
    const tooMuch = { paidOn: TODAY, amountCents: 545_251, method: 'cash' };
    expect(await quotes.recordPayment({ leadId, quoteId }, tooMuch, AMINA, TODAY, NOW)).toMatchObject({ ok: false });
    expect((await tableCounts()).payments).toBe(0);
    expect(await pipeline.historyOf(leadId)).toEqual(historyBefore);
  });

  it('refuses a card number in a quote, a question or a decline reason and stores nothing', async () => {
    const { quotes, sentQuote, tableCounts, pipeline, lead } = await openQuotes(kind);
    const { id: draftLead } = await lead();
    const saved = await quotes.saveDraft(
      { leadId: draftLead },
      draft({ note: `Pay with card ${CARD}` }),
      AMINA,
      TODAY,
      NOW,
    );
    expect(saved && !saved.ok && saved.problems.map((problem) => problem.field)).toEqual(['note']);
    const { leadId, token } = await sentQuote();
    const notesBefore = await pipeline.notesOf(leadId);
    expect(await quotes.ask(token, 1, `Can I pay with Visa ${CARD}?`, NOW)).toEqual({ outcome: 'card-number' });
    expect(await quotes.decline(token, 1, `card 4111.1111.1111.1111 declined`, NOW)).toEqual({
      outcome: 'card-number',
    });
    expect(await pipeline.notesOf(leadId)).toEqual(notesBefore);
    expect(await tableCounts()).toMatchObject({ quotes: 1, payments: 0 });
    expect(await quotes.decline(token, 1, 'Paying by the card ending 1111 is too dear', NOW)).toMatchObject({
      outcome: 'declined',
    });
  });

  it('takes the deposit on an accepted quote: the lead is Booked, the balance and next due follow', async () => {
    const { quotes, sentQuote, lists, pipeline } = await openQuotes(kind);
    const { leadId, quoteId, token } = await sentQuote();
    expect(await quotes.accountOfLead(leadId, TODAY)).toMatchObject({
      quoteId,
      account: { totalCents: 545_250, paidCents: 0, nextDue: { label: 'Deposit', dueOn: '2026-11-27' } },
    });
    await quotes.accept(token, 1, 'Layla Haddad', TODAY, NOW);
    const deposit = { paidOn: TODAY, amountCents: 150_000, method: 'bank-transfer', reference: 'TRX-20261120-77' };
    const paid = await quotes.recordPayment({ leadId, quoteId }, deposit, AMINA, TODAY, NOW);
    expect(paid).toMatchObject({ ok: true, account: { paidCents: 150_000, balanceCents: 395_250 } });
    expect((await lists.deskLead(leadId))?.status).toBe('booked');
    expect((await pipeline.historyOf(leadId)).slice(0, 2).map((entry) => entry.detail)).toEqual([
      'Quoted → Booked',
      'Payment recorded: $1,500 by Bank transfer on 2026-11-20',
    ]);
    const { account } = (await quotes.accountOfLead(leadId, '2027-01-25'))!;
    expect(account).toMatchObject({
      paidCents: 150_000,
      balanceCents: 395_250,
      nextDue: { label: 'Balance', dueOn: '2027-01-24', outstandingCents: 395_250 },
      state: 'overdue',
    });
    const [quote] = await quotes.quotesOfLead(leadId);
    expect(quote?.payments).toEqual([
      { id: expect.any(Number), ...deposit, recordedBy: AMINA.id, recordedAt: NOW.toISOString() },
    ]);
  });

  it('moves a lead to Booked when a deposit taken before the acceptance was recorded', async () => {
    const { quotes, sentQuote, lists } = await openQuotes(kind);
    const { leadId, quoteId, token } = await sentQuote();
    await quotes.recordPayment(
      { leadId, quoteId },
      { paidOn: TODAY, amountCents: 150_000, method: 'cash' },
      AMINA,
      TODAY,
      NOW,
    );
    expect((await lists.deskLead(leadId))?.status).toBe('quoted');
    await quotes.accept(token, 1, 'Layla Haddad', TODAY, NOW);
    expect((await lists.deskLead(leadId))?.status).toBe('booked');
  });

  it('exports quotes, acceptances and payments; erasure keeps the amounts and dates, not the person', async () => {
    const { quotes, privacy, sentQuote, store } = await openQuotes(kind);
    const { leadId, quoteId, token } = await sentQuote();
    await quotes.decline(token, 1, 'Layla would rather go in March.', NOW);
    await quotes.accept(token, 1, 'Layla Haddad', TODAY, NOW);
    const deposit = { paidOn: TODAY, amountCents: 150_000, method: 'bank-transfer', reference: 'TRX-77' };
    await quotes.recordPayment({ leadId, quoteId }, deposit, AMINA, TODAY, NOW);
    const [record] = await privacy.findPerson({ email: 'layla@example.com' });
    // What the quotes' registration exports for the person (src/server/personal-data.ts), as the store holds it.
    const held = await quotesOf(store.database, record!.lead.id);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({
      id: quoteId,
      live: true,
      acceptance: { typedName: 'Layla Haddad', totalCents: 545_250 },
      payments: [{ amountCents: 150_000, paidOn: TODAY }],
    });
    expect(held[0]?.versions[0]?.draft.note).toBe('Dear Layla, as discussed on the phone.');
    const exported = personExport([record!], { email: 'layla@example.com', phone: '' }, NOW, outboxKinds.messageLabel);
    expect(exported.leads[0]?.quotes).toEqual([
      {
        createdAt: NOW.toISOString(),
        versions: [{ version: 1, sentAt: NOW.toISOString(), totalCents: 545_250, ...draft() }],
        acceptance: {
          version: 1,
          totalCents: 545_250,
          typedName: 'Layla Haddad',
          acceptedAt: NOW.toISOString(),
          cancellation: siteCancellation(),
        },
        decline: { version: 1, reason: 'Layla would rather go in March.', declinedAt: NOW.toISOString() },
        payments: [deposit],
      },
    ]);

    expect(await privacy.eraseLeads([leadId], 'owner@agency.example', NOW)).toBe(1);
    expect(await quotes.quoteByToken(token)).toBeNull();
    expect(await quotes.quotesOfLead(leadId)).toEqual([]);
    const rows = await store.database.all<Record<string, unknown>>(
      `SELECT quotes.reference, quotes.lead_id, quotes.token_hash, quotes.link_token, quote_versions.draft, quote_versions.total_cents,
              quote_acceptances.typed_name, quote_acceptances.total_cents AS accepted_cents, quote_payments.amount_cents,
              quote_payments.paid_on, quote_declines.reason, quote_declines.declined_at
       FROM quotes JOIN quote_versions ON quote_versions.quote_id = quotes.id
       JOIN quote_acceptances ON quote_acceptances.quote_id = quotes.id
       JOIN quote_declines ON quote_declines.quote_id = quotes.id
       JOIN quote_payments ON quote_payments.quote_id = quotes.id`,
    );
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row['reference']).toBe(record?.lead.reference);
    expect([row['lead_id'], row['token_hash'], row['link_token'], row['typed_name'], row['reason']]).toEqual([
      null,
      null,
      null,
      '',
      '',
    ]);
    expect([Number(row['total_cents']), Number(row['accepted_cents']), Number(row['amount_cents'])]).toEqual([
      545_250, 545_250, 150_000,
    ]);
    expect([row['paid_on'], row['declined_at']]).toEqual([TODAY, NOW.toISOString()]);
    expect(JSON.stringify(row)).not.toContain('Layla');
    expect(JSON.parse(row['draft'] as string)).toMatchObject({ note: '', validUntil: '2026-11-27' });
  });
});

describe('both stores', () => {
  it('accept and refuse the same inputs', async () => {
    const outcomes = await Promise.all(
      STORE_KINDS.map(async (kind) => {
        const { quotes, lead } = await openQuotes(kind);
        const { id: leadId } = await lead();
        const inputs: unknown[] = [
          draft(),
          draft({ validUntil: '2027-04-01' }),
          draft({ discount: { label: 'Too much', amountCents: 600_000 } }),
          { ...draft(), lines: [] },
          draft({ departureOn: '2026-11-01' }),
        ];
        const results = [];
        for (const input of inputs) {
          const saved = await quotes.saveDraft({ leadId }, input, AMINA, TODAY, NOW);
          results.push(saved?.ok ? 'saved' : saved?.problems);
          if (!saved?.ok) continue;
          const sent = await quotes.send({ leadId, quoteId: saved.quoteId }, AMINA, TODAY, NOW);
          const token = sent?.ok ? sent.token! : '';
          for (const reference of ['TRX-1', CARD, '', `Visa ${CARD}`]) {
            const payment = { paidOn: TODAY, amountCents: 100, method: 'cash', reference };
            const paid = await quotes.recordPayment({ leadId, quoteId: saved.quoteId }, payment, AMINA, TODAY, NOW);
            results.push(sent?.ok, paid?.ok ? paid.account.paidCents : paid?.problems);
          }
          for (const [version, name, today] of [
            [2, 'Layla', TODAY],
            [1, 'L', TODAY],
            [1, 'Layla', '2027-01-01'],
          ] as const) {
            results.push((await quotes.accept(token, version, name, today, NOW)).outcome);
          }
          for (const [version, text] of [
            [1, 'Is the visa included?'],
            [1, 'Is the visa included?'],
            [3, 'Which hotel?'],
            [1, ''],
            [1, 'é'.repeat(1001)],
          ] as const) {
            results.push((await quotes.ask(token, version, text, NOW)).outcome);
          }
          results.push((await quotes.decline(token, 1, '', NOW)).outcome);
          results.push((await quotes.accept(token, 1, 'Layla', TODAY, NOW)).outcome);
          results.push((await quotes.accept(token, 1, 'Layla', TODAY, NOW)).outcome);
        }
        return results;
      }),
    );
    expect(outcomes[0]).toEqual(expect.arrayContaining(['already-accepted', 'asked', 'already-asked']));
    expect(outcomes[1]).toEqual(outcomes[0]);
  });
});
