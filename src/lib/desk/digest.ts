/**
 * The morning digest and the first-contact alert, as staff read them. The digest store
 * (src/server/desk/digest-store.ts) gathers the desk's facts for an office day; here they become
 * one member's digest (their own work, what nobody has taken, and for owners what is overdue with
 * everyone else) and a plain email that can be read top to bottom in a minute, each line with the
 * link that opens it. Staff's emails only: they may name the pilgrim, and go to staff addresses.
 */
import { formatDay } from '../dates.ts';
import { formatAgencyTime } from '../agency-time.ts';
import { findForm } from '../forms/definitions.ts';
import { countOf } from '../format.ts';
import { placementText } from '../leads/rows.ts';
import { formatCents } from '../quotes/money.ts';
import { NOT_READY_WITHIN_DAYS, type NotReadyDeparture } from '../trips/departures.ts';
import type { StaffRole } from './model.ts';

/** The outbox's payload of a digest: who and which office day, nothing of any lead (written out when sent). */
export interface DigestMessage {
  kind: 'digest';
  staffId: string;
  day: string;
}

/** The outbox's payload of an alert: the enquiry's reference, page and arrival, and the target it passed. */
export interface FirstContactAlertMessage {
  kind: 'first-contact-alert';
  reference: string;
  formId: string;
  receivedAt: string;
  targetHours: number;
}

/** An enquiry as a digest line names it. */
export interface DigestLead {
  leadId: string;
  reference: string;
  /** The name the visitor gave, or '' (the line then shows the reference alone). */
  name: string;
  assigneeId: string | null;
  assigneeEmail: string | null;
}

export interface FollowUpItem extends DigestLead {
  followUp: string;
}

export interface NewEnquiryItem extends DigestLead {
  formId: string;
  receivedAt: string;
}

export interface ExpiringQuoteItem extends DigestLead {
  validUntil: string;
  totalCents: number;
}

export interface BalanceItem extends DigestLead {
  /** "Deposit", "Balance"…: the first payment not yet paid. */
  label: string;
  dueOn: string;
  outstandingCents: number;
}

/** What the desk holds for the office day `today`, for everyone at once. */
export interface DigestFacts {
  today: string;
  /** Follow-ups of open enquiries due today or before. */
  followUps: FollowUpItem[];
  /** New enquiries nobody is assigned to: the oldest first, perhaps only the first `SECTION_LIMIT`… */
  unassigned: NewEnquiryItem[];
  /** …of this many. */
  unassignedTotal: number;
  /** Sent quotes, not answered, whose valid-until is today or within two days. */
  expiring: ExpiringQuoteItem[];
  /** Bookings whose first unpaid payment falls due this week (or already has). */
  balances: BalanceItem[];
  /** Bookings departing within `NOT_READY_WITHIN_DAYS` whose travellers are not all added and ready. */
  departures: NotReadyDeparture[];
}

export interface DigestMember {
  id: string;
  email: string;
  role: StaffRole;
}

/** One member's digest: each list in the order the email shows it. */
export interface Digest {
  member: DigestMember;
  today: string;
  dueToday: FollowUpItem[];
  overdue: FollowUpItem[];
  unassigned: NewEnquiryItem[];
  unassignedTotal: number;
  expiring: ExpiringQuoteItem[];
  balances: BalanceItem[];
  /** An agent's own bookings departing soon and not ready; an owner's, everyone's. */
  departures: NotReadyDeparture[];
  /** Owners only: follow-ups and payments overdue with the rest of the staff. */
  othersOverdue: FollowUpItem[];
  othersBalancesOverdue: BalanceItem[];
}

/** Quotes are in the digest from this many days before their valid-until. */
export const EXPIRING_WITHIN_DAYS = 2;
/** Balances are in the digest when due within this many days from today (today included: a week). */
export const BALANCES_WITHIN_DAYS = 6;

/** One member's share of the day's facts: their own (owners: the unassigned too), and for owners everyone's overdue. */
export function digestFor(member: DigestMember, facts: DigestFacts): Digest {
  const owner = member.role === 'owner';
  const mine = (item: Pick<DigestLead, 'assigneeId'>) =>
    item.assigneeId === member.id || (owner && item.assigneeId === null);
  const { today } = facts;
  const followUps = facts.followUps.filter(mine);
  const others = <T extends DigestLead>(items: readonly T[]) => (owner ? items.filter((item) => !mine(item)) : []);
  return {
    member,
    today,
    dueToday: followUps.filter((item) => item.followUp === today),
    overdue: followUps.filter((item) => item.followUp < today),
    unassigned: facts.unassigned,
    unassignedTotal: facts.unassignedTotal,
    expiring: facts.expiring.filter(mine),
    balances: facts.balances.filter(mine),
    departures: owner ? facts.departures : facts.departures.filter(mine),
    othersOverdue: others(facts.followUps).filter((item) => item.followUp < today),
    othersBalancesOverdue: others(facts.balances).filter((item) => item.dueOn < today),
  };
}

/** Whether a digest has nothing to say, and so is not sent. */
export function digestIsEmpty(digest: Digest): boolean {
  return (
    digest.dueToday.length +
      digest.overdue.length +
      digest.unassigned.length +
      digest.expiring.length +
      digest.balances.length +
      digest.departures.length +
      digest.othersOverdue.length +
      digest.othersBalancesOverdue.length ===
    0
  );
}

/** Where the digest's links point and how its times read. */
export interface DigestContext {
  siteUrl: string;
  timeZone: string;
}

function leadLink(siteUrl: string, leadId: string): string {
  return `${siteUrl}/admin/leads/${encodeURIComponent(leadId)}`;
}

/** The desk's list filtered as `query` says: the views a section's "see them all" opens. */
function viewLink(siteUrl: string, query: Record<string, string>): string {
  return `${siteUrl}/admin/leads?${new URLSearchParams(query).toString()}`;
}

function who(item: Pick<DigestLead, 'reference' | 'name'>): string {
  return item.name ? `${item.reference} ${item.name}` : item.reference;
}

/** Lines per section: past it the email says how many more and links to the desk's view of them all. */
export const SECTION_LIMIT = 20;

/**
 * A section: its heading with the count (`total`, when the blocks are only the first of them), one
 * block per item (the first `SECTION_LIMIT`), and the view that lists them all.
 */
function section(heading: string, blocks: readonly string[][], view?: string, total = blocks.length): string[] {
  if (blocks.length === 0) return [];
  const title = `${heading} (${total})`;
  const more = total - Math.min(blocks.length, SECTION_LIMIT);
  return [
    title,
    '-'.repeat(title.length),
    ...blocks
      .slice(0, SECTION_LIMIT)
      .flatMap((block) => block.map((line, index) => `${index === 0 ? '-' : ' '} ${line}`)),
    ...(more > 0 ? [`  …and ${more} more.`] : []),
    ...(view ? [`  All of them on the desk: ${view}`] : []),
    '',
  ];
}

/** The digest as a plain email: a one-line summary, then each section with a link per enquiry. */
export function digestEmail(digest: Digest, context: DigestContext): { subject: string; text: string } {
  const { siteUrl, timeZone } = context;
  const { member, today } = digest;
  const link = (item: Pick<DigestLead, 'leadId'>) => leadLink(siteUrl, item.leadId);
  const assignee = (item: DigestLead) => item.assigneeEmail ?? 'unassigned';
  const owner = member.role === 'owner';
  const followUps = digest.dueToday.length + digest.overdue.length;
  const summary = [
    followUps > 0 && countOf(followUps, 'follow-up'),
    digest.unassignedTotal > 0 && countOf(digest.unassignedTotal, 'new enquiry', 'new enquiries'),
    digest.expiring.length > 0 && countOf(digest.expiring.length, 'quote expiring', 'quotes expiring'),
    digest.balances.length > 0 && countOf(digest.balances.length, 'payment due', 'payments due'),
    digest.departures.length > 0 && countOf(digest.departures.length, 'departure not ready', 'departures not ready'),
    digest.othersOverdue.length + digest.othersBalancesOverdue.length > 0 &&
      `${digest.othersOverdue.length + digest.othersBalancesOverdue.length} overdue with the team`,
  ].filter((part): part is string => typeof part === 'string');
  const lines = [
    `Good morning. Here is what waits for you at the desk on ${formatDay(today)}.`,
    '',
    ...section(
      'Follow-ups due today',
      digest.dueToday.map((item) => [who(item), link(item)]),
      viewLink(siteUrl, { due: 'today', assignee: member.id }),
    ),
    ...section(
      'Overdue follow-ups',
      digest.overdue.map((item) => [`${who(item)}: due ${formatDay(item.followUp)}`, link(item)]),
      viewLink(siteUrl, { due: 'overdue', assignee: member.id }),
    ),
    ...section(
      'New enquiries nobody has taken',
      digest.unassigned.map((item) => [
        `${who(item)}: ${pageOf(item.formId)}, received ${formatAgencyTime(item.receivedAt, timeZone)}`,
        link(item),
      ]),
      viewLink(siteUrl, { status: 'new', assignee: 'none' }),
      digest.unassignedTotal,
    ),
    ...section(
      'Quotes expiring within two days',
      digest.expiring.map((item) => [
        `${who(item)}: ${formatCents(item.totalCents)}, valid until ${formatDay(item.validUntil)}`,
        link(item),
      ]),
    ),
    ...section(
      'Payments due this week',
      digest.balances.map((item) => [
        `${who(item)}: ${item.label} ${formatCents(item.outstandingCents)}, ${item.dueOn < today ? 'overdue since' : 'due'} ${formatDay(item.dueOn)}`,
        link(item),
      ]),
    ),
    ...section(
      `Departing within ${NOT_READY_WITHIN_DAYS} days and not ready`,
      digest.departures.map((item) => [
        `${who(item)}: departs ${formatDay(item.departureOn)}${item.waiting > 0 ? `, ${countOf(item.waiting, 'traveller')} waiting on a visa` : ''}`,
        link(item),
      ]),
      `${siteUrl}/admin/departures`,
    ),
    ...(owner
      ? section(
          'Overdue with the rest of the team',
          [
            ...digest.othersOverdue.map((item) => [
              `${who(item)}: follow-up due ${formatDay(item.followUp)} (${assignee(item)})`,
              link(item),
            ]),
            ...digest.othersBalancesOverdue.map((item) => [
              `${who(item)}: ${item.label} ${formatCents(item.outstandingCents)} overdue since ${formatDay(item.dueOn)} (${assignee(item)})`,
              link(item),
            ]),
          ],
          viewLink(siteUrl, { due: 'overdue' }),
        )
      : []),
    `The desk: ${siteUrl}/admin/leads`,
    '',
    `You receive this digest each morning the office opens, when something waits for you, because you have a staff account (${member.email}).`,
  ];
  return { subject: `Your desk today: ${summary.join(', ')}`, text: lines.join('\n') };
}

/** The page a lead came from as the desk names it ("Houston Umrah page"): seven city forms share one heading. */
function pageOf(formId: string): string {
  return placementText(findForm(formId), formId, {});
}

/** The owners' alert that an enquiry is still New past the target: which one, since when, and where to take it. */
export function firstContactAlertEmail(
  alert: FirstContactAlertMessage,
  context: DigestContext & { leadId: string },
): { subject: string; text: string } {
  const hours = countOf(alert.targetHours, 'office hour');
  const lines = [
    `Enquiry ${alert.reference} has waited more than ${hours} and is still New: nobody has recorded a first contact.`,
    '',
    `Page:      ${pageOf(alert.formId)}`,
    `Received:  ${formatAgencyTime(alert.receivedAt, context.timeZone)}`,
    '',
    'Please make sure someone calls or writes to the pilgrim now, and assign the enquiry to them.',
    '',
    `Open the enquiry: ${leadLink(context.siteUrl, context.leadId)}`,
    `Every new enquiry nobody has taken: ${viewLink(context.siteUrl, { status: 'new', assignee: 'none' })}`,
    '',
    'Owners receive this once per enquiry.',
  ];
  return { subject: `Still New after ${hours}: ${alert.reference}`, text: lines.join('\n') };
}
