/**
 * The desk's quote editor as a plain form that a browser posts without scripts: its fields read into
 * the model's draft (src/lib/quotes/model.ts), a stored draft written back into its fields, and the
 * model's problems placed beside the fields they belong to. Amounts are typed in dollars and read
 * into cents here; the totals are never a field, they are worked out from the lines.
 *
 * Each row of a list (hotels, priced lines, payments) is a numbered group of fields (`line-3-price`);
 * the number of rows travels in a hidden field, and "Add a line" posts the form back with one more.
 */
import { LINE_KINDS, type LineKind, type QuoteDraft, type QuoteProblem } from './model.ts';
import { formatCents, parseDollars } from './money.ts';

type FormLike = { get(name: string): unknown };
type City = 'makkah' | 'madinah';

export interface HotelRow {
  city: City;
  name: string;
  nights: string;
  /** False prints "or similar". */
  confirmed: boolean;
}

export interface LineRow {
  kind: LineKind;
  /** Staff's words for an extra; the room-sharing, child and infant rows use their kind's words. */
  label: string;
  price: string;
  count: string;
}

export interface PaymentRow {
  dueOn: string;
  amount: string;
}

/** The editor's fields as typed: every value text, so what staff typed comes back as they typed it. */
export interface QuoteForm {
  /** The catalogue package the quote started from, '' for none. */
  packageSlug: string;
  departureOn: string;
  returnOn: string;
  airport: string;
  landOnly: boolean;
  hotels: HotelRow[];
  /** The room-sharing, child and infant rows in the model's order, then the extras. */
  lines: LineRow[];
  discountLabel: string;
  discountAmount: string;
  /** One included item per line. */
  included: string;
  note: string;
  validUntil: string;
  schedule: PaymentRow[];
  /** The paying family's state, two letters, '' while not asked: it decides the card fee the quote shows. */
  payerState: string;
}

/** The rows staff can add to: a hotel, an extra line, a payment. */
export const ROW_GROUPS = ['hotel', 'extra', 'payment'] as const;
export type RowGroup = (typeof ROW_GROUPS)[number];

/** The priced rows every quote offers, one of each at least: per person by room sharing, children, infants. */
export const FIXED_LINE_KINDS = LINE_KINDS.filter((kind) => kind !== 'extra');
const ROW_LIMITS: Record<RowGroup | 'line', number> = { hotel: 6, extra: 40, payment: 12, line: 40 };
/** Blank rows a stored quote is shown with, so a line or a payment can be added without the button. */
const BLANK_EXTRAS = 2;
const SHOWN_PAYMENTS = 3;

/** The fields of a quote read from the form, ready for `checkQuoteDraft`, and what could not be read. */
export interface ReadQuote {
  form: QuoteForm;
  /** The draft as far as it could be read: amounts that could not be read are left out, for the model to name. */
  input: Record<string, unknown>;
  /** Amounts and counts that are not numbers, under their form field. */
  problems: QuoteProblem[];
  /** For each of the model's hotels, lines and payments, the form row it came from. */
  rows: { hotels: number[]; lines: number[]; schedule: number[] };
}

/** Reads the editor's fields: the rows that hold anything, amounts into cents; `add` asks for one more row of a group. */
export function readQuoteForm(data: FormLike): ReadQuote {
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const rowCount = (name: string, limit: number) => Math.min(limit, Math.max(0, Math.floor(Number(text(name))) || 0));
  const form: QuoteForm = {
    packageSlug: text('packageSlug'),
    departureOn: text('departureOn'),
    returnOn: text('returnOn'),
    airport: text('airport').toUpperCase(),
    landOnly: text('landOnly') !== '',
    payerState: text('payerState').toUpperCase(),
    hotels: Array.from({ length: rowCount('hotelRows', ROW_LIMITS.hotel) }, (_, index) => ({
      city: text(`hotel-${index}-city`) === 'madinah' ? 'madinah' : 'makkah',
      name: text(`hotel-${index}-name`),
      nights: text(`hotel-${index}-nights`),
      confirmed: text(`hotel-${index}-confirmed`) === 'confirmed',
    })),
    lines: Array.from({ length: rowCount('lineRows', ROW_LIMITS.line) }, (_, index) => {
      const kind = text(`line-${index}-kind`);
      return {
        kind: (LINE_KINDS as readonly string[]).includes(kind) ? (kind as LineKind) : 'extra',
        label: text(`line-${index}-label`),
        price: text(`line-${index}-price`),
        count: text(`line-${index}-count`),
      };
    }),
    discountLabel: text('discountLabel'),
    discountAmount: text('discountAmount'),
    included: text('included'),
    note: text('note'),
    validUntil: text('validUntil'),
    schedule: Array.from({ length: rowCount('paymentRows', ROW_LIMITS.payment) }, (_, index) => ({
      dueOn: text(`payment-${index}-dueOn`),
      amount: text(`payment-${index}-amount`),
    })),
  };
  return { form, ...formDraft(form) };
}

/** The model's draft from the typed fields, blank rows left out: what a save would check, and what the figures are worked out from. */
export function formDraft(form: QuoteForm): Omit<ReadQuote, 'form'> {
  const problems: QuoteProblem[] = [];
  const rows: ReadQuote['rows'] = { hotels: [], lines: [], schedule: [] };
  const cents = (typed: string, field: string) => {
    const parsed = parseDollars(typed);
    if (parsed.ok) return parsed.cents;
    problems.push({ field, message: parsed.message });
    return undefined;
  };
  const whole = (typed: string, field: string, what: string) => {
    if (/^\d{1,4}$/.test(typed)) return Number(typed);
    problems.push({
      field,
      message: typed === '' ? `Please enter ${what}.` : `Please enter ${what} as a whole number.`,
    });
    return undefined;
  };
  const hotels = form.hotels.flatMap((hotel, index) => {
    if (hotel.name === '' && hotel.nights === '') return [];
    rows.hotels.push(index);
    const nights = whole(hotel.nights, `hotel-${index}-nights`, 'the nights');
    return [{ city: hotel.city, name: hotel.name, nights, confirmed: hotel.confirmed }];
  });
  const lines = form.lines.flatMap((line, index) => {
    if (line.price === '' && line.count === '' && line.label === '') return [];
    rows.lines.push(index);
    const unitCents = cents(line.price, `line-${index}-price`);
    const count = whole(line.count, `line-${index}-count`, 'how many');
    return [{ kind: line.kind, label: line.kind === 'extra' ? line.label : '', unitCents, count }];
  });
  const schedule = form.schedule.flatMap((payment, index) => {
    if (payment.dueOn === '' && payment.amount === '') return [];
    rows.schedule.push(index);
    return [{ dueOn: payment.dueOn, amountCents: cents(payment.amount, `payment-${index}-amount`) }];
  });
  const discounted = form.discountLabel !== '' || form.discountAmount !== '';
  const input = {
    packageSlug: form.packageSlug || null,
    departureOn: form.departureOn,
    returnOn: form.returnOn,
    departureAirport: form.landOnly ? null : form.airport,
    hotels,
    lines,
    discount: discounted
      ? { label: form.discountLabel, amountCents: cents(form.discountAmount, 'discountAmount') }
      : null,
    included: form.included
      .split('\n')
      .map((item) => item.trim())
      .filter((item) => item !== ''),
    note: form.note,
    validUntil: form.validUntil,
    schedule,
    payerState: form.payerState || null,
  };
  return { input, problems, rows };
}

/** The form field (or group of fields) a model problem belongs beside: `lines.2.unitCents` is the third priced row's price. */
function formFieldOf(path: string, rows: ReadQuote['rows']): string {
  const [head = '', index, leaf] = path.split('.');
  const row = (list: number[]) => list[Number(index)];
  switch (head) {
    case 'departureAirport':
      return 'airport';
    case 'hotels':
      return leaf && row(rows.hotels) !== undefined ? `hotel-${row(rows.hotels)}-${leaf}` : 'hotels';
    case 'lines': {
      const name = { unitCents: 'price', count: 'count', label: 'label' }[leaf ?? ''];
      return name && row(rows.lines) !== undefined ? `line-${row(rows.lines)}-${name}` : 'lines';
    }
    case 'schedule': {
      const name = { amountCents: 'amount', dueOn: 'dueOn' }[leaf ?? ''];
      return name && row(rows.schedule) !== undefined ? `payment-${row(rows.schedule)}-${name}` : 'schedule';
    }
    case 'discount':
      return index === 'label' ? 'discountLabel' : 'discountAmount';
    case 'included':
      return 'included';
    case 'departureOn':
    case 'returnOn':
    case 'validUntil':
    case 'note':
    case 'payerState':
      return head;
    default:
      return '_form';
  }
}

/** The reading problems, then the model's problems moved to their form fields, one per field (the first said). */
export function placeProblems(
  read: Pick<ReadQuote, 'problems' | 'rows'>,
  model: readonly QuoteProblem[],
): QuoteProblem[] {
  const placed = [
    ...read.problems,
    ...model.map((problem) => ({ ...problem, field: formFieldOf(problem.field, read.rows) })),
  ];
  return placed.filter(
    (problem, index) =>
      problem.field === '_form' || placed.findIndex((other) => other.field === problem.field) === index,
  );
}

/**
 * A field of the editor by its one name (`airport`, `line-3-price`): its control's id and name, and the
 * problem `placeProblems` filed under that name, which the problem summary links to as the id.
 */
export function editorFields(
  problems: Readonly<Record<string, string>>,
): (name: string) => { id: string; name: string; problem: string | undefined } {
  return (name) => ({ id: name, name, problem: problems[name] });
}

/** Dollars as staff type them, without the "$": "1,899.50". */
function dollars(cents: number): string {
  return formatCents(cents).replace('$', '');
}

/** A stored draft in the editor's fields, with the blank rows a stored quote is shown with. */
export function quoteFormOf(draft: QuoteDraft): QuoteForm {
  return withBlankRows({
    packageSlug: draft.packageSlug ?? '',
    departureOn: draft.departureOn,
    returnOn: draft.returnOn,
    airport: draft.departureAirport ?? '',
    landOnly: draft.departureAirport === null,
    payerState: draft.payerState ?? '',
    hotels: draft.hotels.map((hotel) => ({ ...hotel, nights: String(hotel.nights) })),
    lines: draft.lines.map((line) => ({
      kind: line.kind,
      label: line.label,
      price: dollars(line.unitCents),
      count: String(line.count),
    })),
    discountLabel: draft.discount?.label ?? '',
    discountAmount: draft.discount ? dollars(draft.discount.amountCents) : '',
    included: draft.included.join('\n'),
    note: draft.note,
    validUntil: draft.validUntil,
    schedule: draft.schedule.map((payment) => ({ dueOn: payment.dueOn, amount: dollars(payment.amountCents) })),
  });
}

const blankLine = (kind: LineKind): LineRow => ({ kind, label: '', price: '', count: '' });
const blankHotel = (city: City): HotelRow => ({ city, name: '', nights: '', confirmed: false });

/**
 * The rows in the editor's order with the blanks a quote is shown with: a Makkah and a Madinah hotel,
 * one row of each room sharing, child and infant kind, two blank extras and at least three payments.
 */
export function withBlankRows(form: QuoteForm): QuoteForm {
  const hotels = [...form.hotels];
  for (const city of ['makkah', 'madinah'] as const) {
    if (!hotels.some((hotel) => hotel.city === city)) hotels.push(blankHotel(city));
  }
  const fixed = FIXED_LINE_KINDS.flatMap((kind) => {
    const rows = form.lines.filter((line) => line.kind === kind);
    return rows.length > 0 ? rows : [blankLine(kind)];
  });
  const extras = form.lines.filter((line) => line.kind === 'extra');
  const blankExtras = Math.max(0, BLANK_EXTRAS - extras.filter((line) => isBlankLine(line)).length);
  const lines = [...fixed, ...extras, ...Array.from({ length: blankExtras }, () => blankLine('extra'))];
  const schedule = [...form.schedule];
  while (schedule.length < SHOWN_PAYMENTS) schedule.push({ dueOn: '', amount: '' });
  return { ...form, hotels: hotels.slice(0, ROW_LIMITS.hotel), lines: lines.slice(0, ROW_LIMITS.line), schedule };
}

function isBlankLine(line: LineRow): boolean {
  return line.price === '' && line.count === '' && line.label === '';
}

/** The form with one more blank row of `group`, up to the model's limits; unchanged at the limit. */
export function withRowAdded(form: QuoteForm, group: RowGroup): QuoteForm {
  switch (group) {
    case 'hotel':
      return form.hotels.length < ROW_LIMITS.hotel ? { ...form, hotels: [...form.hotels, blankHotel('makkah')] } : form;
    case 'extra':
      return form.lines.length < ROW_LIMITS.line ? { ...form, lines: [...form.lines, blankLine('extra')] } : form;
    case 'payment':
      return form.schedule.length < ROW_LIMITS.payment
        ? { ...form, schedule: [...form.schedule, { dueOn: '', amount: '' }] }
        : form;
  }
}

/** The schedule written into the form's payment rows, the rows after it left blank. */
export function withSchedule(form: QuoteForm, schedule: readonly { dueOn: string; amountCents: number }[]): QuoteForm {
  const rows = schedule.map((payment) => ({ dueOn: payment.dueOn, amount: dollars(payment.amountCents) }));
  while (rows.length < SHOWN_PAYMENTS) rows.push({ dueOn: '', amount: '' });
  return { ...form, schedule: rows };
}

/** Whether staff left every payment row empty: the desk then proposes the schedule from the settings. */
export function scheduleLeftBlank(form: QuoteForm): boolean {
  return form.schedule.every((payment) => payment.dueOn === '' && payment.amount === '');
}
