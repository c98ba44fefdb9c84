import { describe, expect, it } from 'vitest';
import { historyActions } from '@/lib/history-actions';
import { HistoryActions, TRAIL_HISTORY_ACTIONS } from '@/lib/pipeline/history';
import { quotesExport, type StoredQuote } from '@/lib/quotes/records';
import { travellersExport, type Traveller } from '@/lib/trips/travellers';
import { personalData } from '@/server/personal-data';
import { personalDataList, type PersonalData } from '@/server/pipeline/personal-data';
import { quoteDraft } from './support/quotes';

describe('the history actions, registered by their owners', () => {
  it('names every line the lead page shows as it always has', () => {
    const labels = {
      status: 'Status',
      assignee: 'Assignee',
      'follow-up': 'Follow-up',
      note: 'Note',
      quote: 'Quote',
      payment: 'Payment',
      reply: 'Reply',
      whatsapp: 'WhatsApp',
      erased: 'Erased',
      alert: 'Alert',
      hajj: 'Hajj list',
      traveller: 'Travellers',
      reminder: 'Trip reminders',
      review: 'Review',
    };
    for (const [action, label] of Object.entries(labels)) {
      expect(historyActions.has(action), action).toBe(true);
      expect(historyActions.label(action)).toBe(label);
    }
  });

  it('keeps the word of an action nobody registered (a newer server wrote it), and refuses one registered twice', () => {
    expect(historyActions.label('visa-filed')).toBe('visa-filed');
    expect(historyActions.has('visa-filed')).toBe(false);
    expect(() => new HistoryActions([...TRAIL_HISTORY_ACTIONS, { action: 'note', label: 'Notes' }])).toThrow(
      'The history action "note" is registered twice',
    );
  });
});

describe("the owners' personal data, registered for the privacy store", () => {
  it('lists each owner once, in the order the export writes them', () => {
    expect(personalData.map((owner) => owner.key)).toEqual([
      'hajjInterest',
      'quotes',
      'tripRemindersOff',
      'travellers',
      'reviews',
    ]);
    const twice: PersonalData = { key: 'quotes', export: async () => [], erase: async () => {} };
    expect(() => personalDataList([...personalData, twice])).toThrow('The personal data "quotes" is registered twice');
  });

  it("writes a lead's quotes for the export: each version's draft, the answers and the payments, not the staff's ids", () => {
    const draft = quoteDraft();
    const quote: StoredQuote = {
      id: 'q1',
      leadId: 'l1',
      reference: 'MQ-1',
      createdAt: '2026-11-20T10:00:00.000Z',
      live: true,
      withdrawnAt: null,
      versions: [
        {
          version: 1,
          draft,
          totalCents: 500_000,
          validUntil: '2026-12-01',
          savedAt: '2026-11-20T10:00:00.000Z',
          sentAt: '2026-11-20T10:05:00.000Z',
          cancellation: null,
        },
      ],
      acceptance: null,
      decline: null,
      payments: [
        {
          id: 7,
          paidOn: '2026-11-21',
          amountCents: 100_000,
          method: 'bank-transfer',
          reference: 'TRX-1',
          recordedBy: 'staff-1',
          recordedAt: '2026-11-21T09:00:00.000Z',
        },
      ],
    };
    expect(quotesExport([quote])).toEqual([
      {
        createdAt: '2026-11-20T10:00:00.000Z',
        versions: [{ version: 1, sentAt: '2026-11-20T10:05:00.000Z', totalCents: 500_000, ...draft }],
        acceptance: null,
        decline: null,
        payments: [{ paidOn: '2026-11-21', amountCents: 100_000, method: 'bank-transfer', reference: 'TRX-1' }],
      },
    ]);
  });

  it("writes a booking's travellers for the export without who last changed them", () => {
    const traveller: Traveller = {
      quoteId: 'q1',
      position: 1,
      name: 'Amina Yusuf',
      category: 'adult',
      passportExpiresOn: '2030-05-01',
      vaccination: 'not-needed',
      visa: { kind: 'umrah', status: 'not-applied' },
      nusukPermitOn: null,
      updatedAt: '2026-11-21T09:00:00.000Z',
      updatedBy: 'amina@agency.example',
    };
    expect(travellersExport([traveller])).toEqual([
      {
        position: 1,
        name: 'Amina Yusuf',
        category: 'adult',
        passportExpiresOn: '2030-05-01',
        vaccination: 'not-needed',
        visa: { kind: 'umrah', status: 'not-applied' },
        nusukPermitOn: null,
      },
    ]);
  });
});
