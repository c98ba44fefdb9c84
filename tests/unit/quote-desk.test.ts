import { afterEach, describe, expect, it } from 'vitest';
import { readPaymentForm, type QuoteAction } from '@/lib/quotes/desk-view';
import { PipelineStore } from '@/server/desk/pipeline-store';
import { leadPageQuotes, quotePost, recordPaymentFromForm, runQuoteAction } from '@/server/quotes/desk-actions';
import { QuoteStore, type StaffActor } from '@/server/quotes/store';
import type { SqlLeadStore } from '@/server/leads/sql-lead-store';
import { QUOTE_TODAY as TODAY, quoteDraft } from './support/quotes';
import { STORE_KINDS, openTestStore, type StoreKind } from './support/stores';

const open: SqlLeadStore[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((store) => store.close()));
});

const AMINA: StaffActor = { id: 'staff-1', email: 'amina@agency.example' };
const CONTEXT = { today: TODAY, timeZone: 'America/Chicago', siteUrl: 'https://miqat-travel.example' };

/** A store with a lead and a saved, unsent quote on it. */
async function withDraft(kind: StoreKind) {
  const store = await openTestStore(kind);
  open.push(store);
  const quotes = new QuoteStore(store.database);
  const pipeline = new PipelineStore(store.database);
  const lead = await store.insertLead(
    { formId: 'umrah', fields: { name: 'Layla Haddad', email: 'layla@example.com' }, pageUrl: null, userAgent: null },
    { now: new Date('2026-11-18T10:00:00.000Z') },
  );
  const leadId = lead!.id;
  const saved = await quotes.saveDraft({ leadId }, quoteDraft(), AMINA, TODAY);
  const quoteId = saved?.ok ? saved.quoteId : '';
  const press = (action: QuoteAction['action'], more: Partial<QuoteAction> = {}) =>
    runQuoteAction(quotes, leadId, { action, quoteId, version: 1, copied: false, ...more }, AMINA, TODAY);
  const post = (fields: Record<string, string>, phone: string | null = '17135550123') =>
    quotePost(
      quotes,
      new URLSearchParams({ quoteId, version: '1', ...fields }),
      { id: leadId, reference: lead!.reference, name: 'Layla Haddad', phoneDigits: phone ?? undefined },
      AMINA,
      { today: TODAY, siteUrl: CONTEXT.siteUrl, siteName: 'Miqat Travel' },
    );
  return { quotes, pipeline, leadId, quoteId, press, post, reference: lead!.reference };
}

describe.each(STORE_KINDS)('the lead page quotes on %s', (kind) => {
  it('sends once: a second Send of the same version, or two at once, changes nothing and answers as sent', async () => {
    const { quotes, pipeline, leadId, press } = await withDraft(kind);
    const [first, second] = await Promise.all([press('quote-send'), press('quote-send')]);
    expect([first?.ok && first.done, second?.ok && second.done].sort()).toEqual(['quote-already-sent', 'quote-sent']);
    const token = first?.ok ? first.token : undefined;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(second?.ok && second.token).toBe(token);
    expect(await press('quote-send')).toEqual({
      ok: true,
      done: 'quote-already-sent',
      token,
      validUntil: '2026-11-27',
    });
    const sends = (await pipeline.historyOf(leadId)).filter((entry) => entry.detail.startsWith('Quote sent'));
    expect(sends).toHaveLength(1);
    expect((await quotes.quotesOfLead(leadId))[0]?.versions).toHaveLength(1);
  });

  it('passes the link on, makes a new one and withdraws, each answering where to go; nothing for a quote that is gone', async () => {
    const { quotes, leadId, quoteId, press } = await withDraft(kind);
    expect(await press('quote-copy')).toBeUndefined();
    await press('quote-send');
    const link = await quotes.linkOf({ leadId, quoteId });
    expect(await press('quote-copy', { copied: true })).toMatchObject({ done: 'link-copied', token: link });
    expect(await press('quote-copy')).toMatchObject({ done: 'link-shown', token: link });
    expect(await press('quote-whatsapp')).toMatchObject({ done: 'link-shown', token: link, validUntil: '2026-11-27' });
    const renewed = await press('quote-new-link');
    expect(renewed).toMatchObject({ ok: true, done: 'new-link' });
    expect(renewed?.ok && renewed.token).not.toBe(link);
    expect(await press('quote-withdraw')).toMatchObject({ ok: true, done: 'quote-withdrawn', token: undefined });
    for (const action of ['quote-send', 'quote-copy', 'quote-whatsapp', 'quote-new-link', 'quote-withdraw'] as const) {
      expect(await press(action, { version: 2 }), action).toBeUndefined();
    }
  });

  it('records a payment from the form; an amount that is not one or a card number stores nothing', async () => {
    const { quotes, leadId, quoteId, press } = await withDraft(kind);
    await press('quote-send');
    const target = { leadId, quoteId };
    const form = (fields: Record<string, string>) =>
      readPaymentForm(new URLSearchParams({ paidOn: TODAY, method: 'bank-transfer', ...fields }));
    const unread = await recordPaymentFromForm(
      quotes,
      target,
      form({ amount: 'a lot', reference: '4111 1111 1111 1111' }),
      AMINA,
      TODAY,
    );
    expect(unread).toEqual({
      ok: false,
      problems: [
        { field: 'amountCents', message: 'Please enter an amount in dollars, such as 1,299.50.' },
        {
          field: 'reference',
          message:
            'This looks like a card number. Card numbers are never stored: enter the transfer id or receipt number instead.',
        },
      ],
    });
    const card = await recordPaymentFromForm(
      quotes,
      target,
      form({ amount: '1,500', reference: '4111-1111-1111-1111' }),
      AMINA,
      TODAY,
    );
    expect(card?.ok === false && card.problems.map((problem) => problem.field)).toEqual(['reference']);
    expect((await quotes.quotesOfLead(leadId))[0]?.payments).toEqual([]);
    expect(
      await recordPaymentFromForm(quotes, target, form({ amount: '$1,500', reference: 'TRX-77' }), AMINA, TODAY),
    ).toEqual({ ok: true });
    expect(
      await recordPaymentFromForm(quotes, { leadId, quoteId: 'gone' }, form({ amount: '1' }), AMINA, TODAY),
    ).toBeUndefined();

    const shown = await leadPageQuotes(quotes, leadId, CONTEXT);
    expect(shown.quotes).toHaveLength(1);
    expect(shown.quotes[0]?.view).toMatchObject({ state: 'sent', live: true });
    expect(shown.quotes[0]?.link).toBe(
      `https://miqat-travel.example/quote/${await quotes.linkOf({ leadId, quoteId })}`,
    );
    expect(shown.booking).toMatchObject({
      quoteId,
      version: 1,
      accepted: false,
      account: { paidCents: 150_000, balanceCents: 395_250, nextDue: { label: 'Balance', dueOn: '2027-01-24' } },
      payments: [{ amountCents: 150_000, reference: 'TRX-77' }],
    });
  });

  it('shows no booking before a send, and a withdrawn quote without its link', async () => {
    const { quotes, leadId, press } = await withDraft(kind);
    expect(await leadPageQuotes(quotes, leadId, CONTEXT)).toMatchObject({
      quotes: [{ view: { state: 'draft' }, link: undefined }],
      booking: null,
    });
    await press('quote-send');
    await press('quote-withdraw');
    expect((await leadPageQuotes(quotes, leadId, CONTEXT)).quotes).toMatchObject([
      { view: { state: 'withdrawn', live: false }, link: undefined },
    ]);
  });

  it("answers the lead page's posts: on to WhatsApp with the message, back to the quote or the payments, or the problems", async () => {
    const { quotes, leadId, quoteId, post, reference } = await withDraft(kind);
    expect(await post({ action: 'note', note: 'Called.' })).toBeUndefined();
    expect(await post({ action: 'quote-send' })).toEqual({
      redirect: `/admin/leads/${leadId}?done=quote-sent&link=${quoteId}#quote-${quoteId}`,
    });
    const link = `${CONTEXT.siteUrl}/quote/${await quotes.linkOf({ leadId, quoteId })}`;
    const chat = await post({ action: 'quote-whatsapp' });
    const url = new URL(chat && 'redirect' in chat ? chat.redirect : '');
    expect(url.origin + url.pathname).toBe('https://wa.me/17135550123');
    expect(url.searchParams.get('text')).toContain(
      `Hello Layla, here is your quote ${reference} from Miqat Travel: ${link}`,
    );
    expect(await post({ action: 'quote-whatsapp' }, null)).toEqual({
      status: 400,
      quoteProblems: [
        { field: '_form', message: 'This enquiry has no phone number WhatsApp can use; copy the link instead.' },
      ],
    });
    expect(await post({ action: 'quote-copy', quoteId: 'gone' })).toMatchObject({ status: 409 });
    const payment = { action: 'payment', paidOn: TODAY, method: 'cash' };
    expect(await post({ ...payment, amount: '100' })).toEqual({
      redirect: `/admin/leads/${leadId}?done=payment#payments`,
    });
    expect(await post({ ...payment, amount: '100', reference: '4111111111111111' })).toMatchObject({
      status: 400,
      payment: { typed: { reference: '', amount: '100' }, problems: [{ field: 'reference' }] },
    });
  });
});
