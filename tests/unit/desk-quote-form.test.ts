import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  editorFigures,
  editorStep,
  proposeSchedule,
  readIntent,
  rowTotalCents,
  scheduledCents,
  travellersText,
} from '@/lib/quotes/editor';
import {
  FIXED_LINE_KINDS,
  editorFields,
  formDraft,
  placeProblems,
  quoteFormOf,
  readQuoteForm,
  scheduleLeftBlank,
  withBlankRows,
  withRowAdded,
  withSchedule,
  type QuoteForm,
} from '@/lib/quotes/editor-form';
import { MAX_AMOUNT_CENTS } from '@/lib/format';
import { quoteDraftSchema } from '@/lib/quotes/model';
import { checkQuoteDraft } from '@/lib/quotes/validate';
import { QUOTE_TODAY as TODAY, quoteDraft } from './support/quotes';

/** The fields a browser posts for the editor's form, under the names its components give them. */
function posted(form: QuoteForm, extra: Record<string, string> = {}): URLSearchParams {
  const fields = new URLSearchParams({
    packageSlug: form.packageSlug,
    departureOn: form.departureOn,
    returnOn: form.returnOn,
    airport: form.airport,
    hotelRows: String(form.hotels.length),
    lineRows: String(form.lines.length),
    paymentRows: String(form.schedule.length),
    discountLabel: form.discountLabel,
    discountAmount: form.discountAmount,
    included: form.included,
    note: form.note,
    validUntil: form.validUntil,
    payerState: form.payerState,
    ...extra,
  });
  if (form.landOnly) fields.set('landOnly', '1');
  form.hotels.forEach((hotel, index) => {
    fields.set(`hotel-${index}-city`, hotel.city);
    fields.set(`hotel-${index}-name`, hotel.name);
    fields.set(`hotel-${index}-nights`, hotel.nights);
    fields.set(`hotel-${index}-confirmed`, hotel.confirmed ? 'confirmed' : 'similar');
  });
  form.lines.forEach((line, index) => {
    fields.set(`line-${index}-kind`, line.kind);
    if (line.kind === 'extra') fields.set(`line-${index}-label`, line.label);
    fields.set(`line-${index}-price`, line.price);
    fields.set(`line-${index}-count`, line.count);
  });
  form.schedule.forEach((payment, index) => {
    fields.set(`payment-${index}-dueOn`, payment.dueOn);
    fields.set(`payment-${index}-amount`, payment.amount);
  });
  return fields;
}

const SETTINGS = {
  validForDays: 7,
  schedule: { depositPerTravellerCents: 50_000, balanceDaysBeforeDeparture: 45, paymentsAfterDeposit: 1 },
};

describe('the quote form', () => {
  it('shows a stored draft in its fields with the blank rows, and reads it back to the same draft', () => {
    const draft = quoteDraft({ note: 'Dear Layla,\nas discussed.' });
    const form = quoteFormOf(draft);
    // One row of each room sharing, child and infant kind, the draft's extra and two blank extras.
    expect(form.lines.map((line) => line.kind)).toEqual([...FIXED_LINE_KINDS, 'extra', 'extra', 'extra']);
    expect(form.lines.find((line) => line.kind === 'double')).toEqual({
      kind: 'double',
      label: '',
      price: '1,899',
      count: '2',
    });
    expect(form.lines.find((line) => line.kind === 'child-with-bed')?.price).toBe('1,499.50');
    expect(form.schedule).toHaveLength(3);
    expect(form.hotels.map((hotel) => [hotel.city, hotel.confirmed])).toEqual([
      ['makkah', true],
      ['madinah', false],
    ]);
    const read = readQuoteForm(posted(form));
    expect(read.problems).toEqual([]);
    expect(quoteDraftSchema.parse(read.input)).toEqual(draft);
    expect(checkQuoteDraft(read.input, TODAY).ok).toBe(true);
    // The paying family's state (Q10): chosen from the list, '' is "not asked", anything else is refused beside it.
    expect(quoteFormOf(draft).payerState).toBe('IL');
    expect(readQuoteForm(posted({ ...form, payerState: '' })).input['payerState']).toBeNull();
    const wrong = readQuoteForm(posted({ ...form, payerState: 'zz' }));
    const check = checkQuoteDraft(wrong.input, TODAY);
    expect(placeProblems(wrong, check.ok ? [] : check.problems)).toContainEqual({
      field: 'payerState',
      message: 'Please choose the state the family pays from.',
    });
  });

  it('reads land only as no airport, a lower-case code in capitals, and leaves empty rows out', () => {
    const form = quoteFormOf(quoteDraft());
    const read = readQuoteForm(posted({ ...form, airport: 'jfk' }));
    expect(read.input['departureAirport']).toBe('JFK');
    expect(readQuoteForm(posted({ ...form, landOnly: true })).input['departureAirport']).toBeNull();
    expect((read.input['lines'] as unknown[]).length).toBe(3);
    expect(read.rows.lines).toEqual([2, 4, 7]);
    expect(readQuoteForm(posted({ ...form, discountLabel: '', discountAmount: '' })).input['discount']).toBeNull();
  });

  it('keeps every cent of an amount typed in dollars, whatever the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_AMOUNT_CENTS }), fc.integer({ min: 1, max: 99 }), (cents, count) => {
        const draft = quoteDraft({ lines: [{ kind: 'quad', label: '', unitCents: cents, count }] });
        const read = readQuoteForm(posted(quoteFormOf(draft)));
        expect(read.input['lines']).toEqual([{ kind: 'quad', label: '', unitCents: cents, count }]);
      }),
    );
  });

  it("puts each problem beside its field: what cannot be read first, then the model's, one per field", () => {
    const form = quoteFormOf(quoteDraft());
    form.lines[2] = { ...form.lines[2]!, price: 'about 1900' };
    form.lines[7] = { kind: 'extra', label: '', price: '85', count: '' };
    form.schedule[1] = { dueOn: '2027-01-24', amount: '100' };
    form.hotels[1] = { ...form.hotels[1]!, nights: '0' };
    const read = readQuoteForm(posted(form));
    expect(read.problems).toEqual([
      { field: 'line-2-price', message: 'Please enter an amount in dollars, such as 1,299.50.' },
      { field: 'line-7-count', message: 'Please enter how many.' },
    ]);
    const check = checkQuoteDraft(read.input, TODAY);
    const placed = placeProblems(read, check.ok ? [] : check.problems);
    // The model names what it can check field by field; how the fields agree waits for them to be read.
    expect(placed).toEqual([...read.problems, { field: 'hotel-1-nights', message: 'A hotel needs at least 1 night.' }]);
    // With the lines readable again, the schedule's own problem lands on the schedule.
    const fixed = readQuoteForm(posted({ ...quoteFormOf(quoteDraft()), schedule: form.schedule }));
    const scheduleCheck = checkQuoteDraft(fixed.input, TODAY);
    expect(placeProblems(fixed, scheduleCheck.ok ? [] : scheduleCheck.problems)).toEqual([
      { field: 'schedule', message: 'The payments add up to $1,600 but the total is $5,452.50.' },
    ]);
    const modelOnly = placeProblems(fixed, [
      { field: 'hotels.1.nights', message: 'A hotel needs at least 1 night.' },
      { field: 'schedule.0.dueOn', message: 'x' },
      { field: 'departureAirport', message: 'y' },
      { field: 'discount.label', message: 'z' },
      { field: '_form', message: 'w' },
      { field: 'packageSlug', message: 'v' },
    ]);
    expect(modelOnly.map((problem) => problem.field)).toEqual([
      'hotel-1-nights',
      'payment-0-dueOn',
      'airport',
      'discountLabel',
      '_form',
      '_form',
    ]);
  });

  it('names a field once: its id, its name and the key of its problem, which the summary links to', () => {
    const field = editorFields({ 'line-2-price': 'Please enter an amount in dollars, such as 1,299.50.' });
    expect(field('line-2-price')).toEqual({
      id: 'line-2-price',
      name: 'line-2-price',
      problem: 'Please enter an amount in dollars, such as 1,299.50.',
    });
    expect(field('airport')).toEqual({ id: 'airport', name: 'airport', problem: undefined });
  });

  it('adds a row of a group up to its limit, and writes a proposed schedule into the payment rows', () => {
    const form = withBlankRows(quoteFormOf(quoteDraft()));
    expect(withRowAdded(form, 'hotel').hotels).toHaveLength(3);
    expect(withRowAdded(form, 'extra').lines.at(-1)).toEqual({ kind: 'extra', label: '', price: '', count: '' });
    expect(withRowAdded(form, 'payment').schedule).toHaveLength(4);
    let full = form;
    for (let row = 0; row < 20; row += 1) full = withRowAdded(full, 'payment');
    expect(full.schedule).toHaveLength(12);
    const written = withSchedule(form, [{ dueOn: '2026-11-27', amountCents: 545_250 }]);
    expect(written.schedule).toEqual([
      { dueOn: '2026-11-27', amount: '5,452.50' },
      { dueOn: '', amount: '' },
      { dueOn: '', amount: '' },
    ]);
    expect(scheduleLeftBlank(written)).toBe(false);
    expect(scheduleLeftBlank(withSchedule(form, []))).toBe(true);
    expect(formDraft(written).input['schedule']).toEqual([{ dueOn: '2026-11-27', amountCents: 545_250 }]);
  });
});

describe('the quote editor', () => {
  it('tells save, add a row and propose apart, Enter in a field saving', () => {
    expect(readIntent(new URLSearchParams())).toEqual({ kind: 'save' });
    expect(readIntent(new URLSearchParams({ add: 'extra' }))).toEqual({ kind: 'add', group: 'extra' });
    expect(readIntent(new URLSearchParams({ add: 'everything' }))).toEqual({ kind: 'save' });
    expect(readIntent(new URLSearchParams({ propose: '1' }))).toEqual({ kind: 'propose' });
  });

  it('works the totals out from the lines that can be read, and the sum of the payments', () => {
    const read = readQuoteForm(posted(quoteFormOf(quoteDraft())));
    expect(editorFigures(read.input)).toMatchObject({
      totals: { subtotalCents: 555_250, discountCents: 10_000, totalCents: 545_250 },
      travellers: { adults: 2, children: 1, infants: 0 },
    });
    expect(scheduledCents(read.input)).toBe(545_250);
    expect(rowTotalCents({ price: '1,899.50', count: '2' })).toBe(379_900);
    expect(rowTotalCents({ price: '1,899', count: '' })).toBeUndefined();
    expect(editorFigures({ lines: [{ kind: 'quad', unitCents: undefined, count: 2 }] })).toBeUndefined();
  });

  it('proposes a deposit per seated traveller and the balance before departure, or says what it needs', () => {
    const read = readQuoteForm(posted({ ...quoteFormOf(quoteDraft()), validUntil: '' }));
    expect(proposeSchedule(read.input, SETTINGS, TODAY)).toEqual({
      ok: true,
      validUntil: '2026-11-27',
      schedule: [
        { dueOn: '2026-11-27', amountCents: 150_000 },
        { dueOn: '2027-01-24', amountCents: 395_250 },
      ],
    });
    expect(proposeSchedule({ ...read.input, departureOn: '' }, SETTINGS, TODAY)).toEqual({
      ok: false,
      message: 'Enter the departure date and at least one price before the desk proposes a schedule.',
    });
  });

  it('says who travels, the kinds nobody is on left out', () => {
    expect(travellersText({ adults: 2, children: 1, infants: 0 })).toBe('2 adults, 1 child');
    expect(travellersText({ adults: 1, children: 3, infants: 1 })).toBe('1 adult, 3 children, 1 infant');
  });

  it('draws the form again for a row or a proposal, proposes the schedule left empty on save, and saves what reads', () => {
    const form = quoteFormOf(quoteDraft());
    expect(editorStep(posted(form, { add: 'hotel' }), SETTINGS, TODAY)).toMatchObject({
      kind: 'draw',
      problems: [],
      form: { hotels: [{}, {}, { name: '' }] },
    });
    const blank = { ...form, schedule: [{ dueOn: '', amount: '' }] };
    const proposed = editorStep(posted(blank, { propose: '1' }), SETTINGS, TODAY);
    expect(proposed).toMatchObject({ kind: 'draw', problems: [], notice: expect.stringContaining('proposed') });
    expect(proposed.form.schedule.slice(0, 2)).toEqual([
      { dueOn: '2026-11-27', amount: '1,500' },
      { dueOn: '2027-01-24', amount: '3,952.50' },
    ]);
    const saved = editorStep(posted(blank), SETTINGS, TODAY);
    expect(saved.kind).toBe('save');
    expect(saved.kind === 'save' && quoteDraftSchema.parse(saved.read.input)).toEqual(quoteDraft());
    const unpriced = { ...blank, lines: blank.lines.map((line) => ({ ...line, price: '', count: '' })) };
    expect(editorStep(posted(unpriced, { propose: '1' }), SETTINGS, TODAY)).toMatchObject({
      kind: 'draw',
      problems: [{ field: 'schedule', message: expect.stringContaining('at least one price') }],
    });
    const misread = { ...form, discountAmount: 'ten' };
    expect(editorStep(posted(misread), SETTINGS, TODAY)).toMatchObject({
      kind: 'draw',
      problems: [{ field: 'discountAmount' }],
    });
  });
});
