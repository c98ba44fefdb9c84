/**
 * What the quote editor works out for staff from what they typed: the totals and travellers (from the
 * lines, never typed), the schedule the settings propose, and what the pressed button asks for.
 */
import { isCalendarDay } from '../dates.ts';
import type { PaymentDue, QuoteLine } from './model.ts';
import { defaultSchedule, defaultValidUntil, type ScheduleSettings } from './schedule.ts';
import { quoteTotals, travellersOf, type QuoteTotals, type Travellers } from './totals.ts';
import { countOf } from '../format.ts';
import { parseDollars, sumCents } from './money.ts';
import type { QuoteProblem } from './model.ts';
import { checkQuoteDraft } from './validate.ts';
import {
  ROW_GROUPS,
  formDraft,
  placeProblems,
  readQuoteForm,
  scheduleLeftBlank,
  withRowAdded,
  withSchedule,
  type LineRow,
  type QuoteForm,
  type ReadQuote,
  type RowGroup,
} from './editor-form.ts';

type FormLike = { get(name: string): unknown };

export type EditorIntent = { kind: 'save' } | { kind: 'add'; group: RowGroup } | { kind: 'propose' };

/** The settings a new quote starts from (src/server/config.ts): days it stays open, and the schedule's. */
export interface QuoteSettings {
  validForDays: number;
  schedule: ScheduleSettings;
}

/** What the pressed button asks for: add a row, propose the schedule, or save (also Enter in a field). */
export function readIntent(data: FormLike): EditorIntent {
  const add = data.get('add');
  if (typeof add === 'string' && (ROW_GROUPS as readonly string[]).includes(add)) {
    return { kind: 'add', group: add as RowGroup };
  }
  return data.get('propose') === undefined || data.get('propose') === null ? { kind: 'save' } : { kind: 'propose' };
}

/** The lines read whole (a price and a count), which the figures are worked out from while others wait for a fix. */
function readableLines(input: ReadQuote['input']): QuoteLine[] {
  const lines = Array.isArray(input['lines']) ? (input['lines'] as Partial<QuoteLine>[]) : [];
  return lines.filter(
    (line): line is QuoteLine =>
      Number.isInteger(line.unitCents) && Number.isInteger(line.count) && (line.count ?? 0) > 0,
  );
}

/** One priced row's total as the editor shows it beside the row; undefined until its price and count can be read. */
export function rowTotalCents(row: Pick<LineRow, 'price' | 'count'>): number | undefined {
  const price = parseDollars(row.price);
  return price.ok && /^\d{1,2}$/.test(row.count) ? price.cents * Number(row.count) : undefined;
}

/** What the payments read so far add up to, to set beside the total. */
export function scheduledCents(input: ReadQuote['input']): number {
  const schedule = Array.isArray(input['schedule']) ? (input['schedule'] as { amountCents?: unknown }[]) : [];
  return sumCents(
    schedule.map((payment) => (Number.isInteger(payment.amountCents) ? (payment.amountCents as number) : 0)),
  );
}

/** The totals and travellers of the lines read so far; undefined while no line has a price and a count. */
export function editorFigures(input: ReadQuote['input']): { totals: QuoteTotals; travellers: Travellers } | undefined {
  const lines = readableLines(input);
  if (lines.length === 0) return undefined;
  const discount = input['discount'] as { amountCents?: unknown } | null;
  const discountCents = Number.isInteger(discount?.amountCents) ? (discount!.amountCents as number) : 0;
  const totals = quoteTotals({ lines, discount: discountCents > 0 ? { label: '', amountCents: discountCents } : null });
  return { totals, travellers: travellersOf(lines) };
}

/** The schedule the settings propose for what staff typed (and the valid-until day it counts from), or what it needs first. */
export function proposeSchedule(
  input: ReadQuote['input'],
  settings: QuoteSettings,
  today: string,
): { ok: true; schedule: PaymentDue[]; validUntil: string } | { ok: false; message: string } {
  const figures = editorFigures(input);
  const departureOn = String(input['departureOn'] ?? '');
  if (!figures || figures.totals.totalCents <= 0 || !isCalendarDay(departureOn)) {
    return {
      ok: false,
      message: 'Enter the departure date and at least one price before the desk proposes a schedule.',
    };
  }
  const typedValidUntil = String(input['validUntil'] ?? '');
  const validUntil = isCalendarDay(typedValidUntil)
    ? typedValidUntil
    : defaultValidUntil(today, settings.validForDays, departureOn);
  const { travellers, totals } = figures;
  const schedule = defaultSchedule(
    {
      totalCents: totals.totalCents,
      seatedTravellers: travellers.adults + travellers.children,
      sentOn: today,
      validUntil,
      departureOn,
    },
    settings.schedule,
  );
  return { ok: true, schedule, validUntil };
}

/** "2 adults, 1 child": who travels, the kinds nobody is on left out (but the adults, even none). */
export function travellersText(travellers: Pick<Travellers, 'adults' | 'children' | 'infants'>): string {
  return [
    countOf(travellers.adults, 'adult'),
    travellers.children > 0 && countOf(travellers.children, 'child', 'children'),
    travellers.infants > 0 && countOf(travellers.infants, 'infant'),
  ]
    .filter(Boolean)
    .join(', ');
}

export type EditorStep =
  | { kind: 'draw'; form: QuoteForm; problems: QuoteProblem[]; notice: string | undefined }
  | { kind: 'save'; form: QuoteForm; read: Omit<ReadQuote, 'form'> };

/**
 * Where a post of the editor leads: the form drawn again (a row added, a schedule proposed, problems
 * with what was typed) or a draft to save. A save with every payment row empty proposes the schedule
 * first, so staff need not work it out.
 */
export function editorStep(data: FormLike, settings: QuoteSettings, today: string): EditorStep {
  const read = readQuoteForm(data);
  const intent = readIntent(data);
  const draw = (form: QuoteForm, problems: QuoteProblem[] = [], notice?: string): EditorStep => ({
    kind: 'draw',
    form,
    problems,
    notice,
  });
  if (intent.kind === 'add') return draw(withRowAdded(read.form, intent.group));
  let form = read.form;
  let notice: string | undefined;
  if (intent.kind === 'propose' || scheduleLeftBlank(form)) {
    const proposal = proposeSchedule(read.input, settings, today);
    if (proposal.ok) {
      form = withSchedule({ ...form, validUntil: form.validUntil || proposal.validUntil }, proposal.schedule);
      notice = 'The desk proposed the schedule below from the settings: check it, then save.';
    } else if (intent.kind === 'propose') return draw(form, [{ field: 'schedule', message: proposal.message }]);
  }
  if (intent.kind === 'propose') return draw(form, [], notice);
  const current = formDraft(form);
  if (current.problems.length === 0) return { kind: 'save', form, read: current };
  const check = checkQuoteDraft(current.input, today);
  return draw(form, placeProblems(current, check.ok ? [] : check.problems));
}
