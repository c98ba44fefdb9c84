/**
 * The lead page's shaping: what the visitor told us (by role, in the form's order, without the
 * captcha answer or the fields the form adds itself), where it came from, and how to answer them.
 */
import { fieldLabel } from '../forms/definitions.ts';
import { PACKAGE_NAME_FIELD } from '../forms/constants.ts';
import { fieldOrder } from '../forms/submission.ts';
import type { FormDef } from '../forms/types.ts';
import { optionWords } from '../forms/words.ts';
import { form as english } from '../i18n/en/form.ts';
import { packageName } from '../leads/rows.ts';
import { visitorEmail, visitorName, visitorPhone } from '../leads/visitor.ts';
import { latinDigits } from '../digits.ts';
import { internationalDigits } from '../phone.ts';
import type { PipelineChange } from './model.ts';
import type { LeadStatus } from '../pipeline/model.ts';
import type { HistoryActionKind } from '../pipeline/history.ts';

type Fields = Readonly<Record<string, string>>;

export interface Detail {
  name: string;
  label: string;
  value: string;
}

/**
 * What the visitor typed or chose, in the order they met the fields, with readable labels and
 * select options in words. Left out: the captcha answer, the form's constants, the `_replyto`
 * copy and the page's own values (those go to "Package and page"). A lead of a form the site no
 * longer has shows every field it holds.
 */
export function visitorDetails(form: FormDef | undefined, fields: Fields): Detail[] {
  const names = form ? fieldOrder(form).filter((name) => name !== form.captcha) : Object.keys(fields);
  return names
    .map((name) => ({
      name,
      label: fieldLabel(form, name),
      value: optionLabel(form, name, fields[name]?.trim() ?? ''),
    }))
    .filter((detail) => detail.value !== '');
}

function optionLabel(form: FormDef | undefined, name: string, value: string): string {
  const field = form?.fields.find((item) => item.name === name);
  if (field?.kind !== 'select') return value;
  const option = field.options.find((item) => item.value === value);
  // The desk stays in English, whatever language the enquiry came in.
  return option ? optionWords(option, english) : value;
}

export interface PageOrigin {
  placement: string;
  /** The path of the page the visitor sent it from, or '' when the browser did not say. */
  path: string;
  url: string;
  packageName: string;
  /** The page's other values, such as the package's id or price. */
  pageValues: Detail[];
}

/** The page a lead came from: the form's placement, the page's path and the package it names. */
export function pageOrigin(
  form: FormDef | undefined,
  formId: string,
  fields: Fields,
  pageUrl: string | null,
): PageOrigin {
  let path = '';
  if (pageUrl) {
    try {
      path = new URL(pageUrl).pathname;
    } catch {
      path = pageUrl;
    }
  }
  const item = packageName(form, fields);
  return {
    placement: form?.placement ?? `Unknown form "${formId}"`,
    path,
    url: pageUrl ?? '',
    packageName: item,
    pageValues: (form?.pageFields ?? [])
      .filter((name) => name !== PACKAGE_NAME_FIELD && fields[name]?.trim())
      .map((name) => ({ name, label: fieldLabel(form, name), value: fields[name]!.trim() })),
  };
}

/** "Your Umrah enquiry MQ-7K3F9Q — Miqat Travel": the reply's subject, so the visitor's answer finds its lead. */
export function replySubject(form: FormDef | undefined, reference: string, siteName: string): string {
  const topic = form?.topic;
  return `Your ${topic ? `${topic} ` : ''}enquiry ${reference} — ${siteName}`;
}

export interface ContactLinks {
  name: string;
  email: string | undefined;
  phone: string;
  /** mailto: with the reference in the subject; undefined without a usable address. */
  mailto: string | undefined;
  tel: string | undefined;
  whatsapp: string | undefined;
}

/** Reply by email, call and WhatsApp links to the visitor, each only when their details allow it. */
export function contactLinks(
  form: FormDef | undefined,
  fields: Fields,
  reference: string,
  siteName: string,
): ContactLinks {
  const email = visitorEmail(form, fields);
  const phone = visitorPhone(form, fields);
  const digits = internationalDigits(phone);
  return {
    name: visitorName(form, fields) || '(no name)',
    email,
    // Read out by staff who dial it: a number typed on an Arabic or Bengali keyboard, in 0-9.
    phone: latinDigits(phone),
    // An address may hold `?`, `#` or `%`, which a mailto: URL reads as its own.
    mailto: email
      ? `mailto:${email.replace(/[%?#&]/g, encodeURIComponent)}?subject=${encodeURIComponent(replySubject(form, reference, siteName))}`
      : undefined,
    tel: digits ? `tel:+${digits}` : undefined,
    whatsapp: digits ? `https://wa.me/${digits}` : undefined,
  };
}

/** The lead page's four forms, named by each form's hidden `action` field. */
export const LEAD_ACTIONS = {
  status: 'Status saved.',
  assignee: 'Assignee saved.',
  'follow-up': 'Follow-up saved.',
  note: 'Note added.',
} as const;
export type LeadActionName = keyof typeof LEAD_ACTIONS;

export type LeadAction =
  | { action: Exclude<LeadActionName, 'note'>; change: PipelineChange }
  | { action: 'note'; body: string }
  | { action: LeadActionName | undefined; error: string };

/**
 * What one of the lead page's forms asks for, as the pipeline's change or a note; the store checks
 * the values themselves (a status it knows, a reason with Lost, a real date) and says what is wrong.
 */
export function readLeadAction(data: { get(name: string): unknown }): LeadAction {
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const action = text('action');
  switch (action) {
    case 'status': {
      const status = text('status') as LeadStatus;
      const reason = text('lostReason');
      // An empty reason keeps a lost lead's reason; on any other status it clears it.
      if (!reason && status === 'lost') return { action, change: { status } };
      return { action, change: { status, lostReason: reason || null } };
    }
    case 'assignee':
      return { action, change: { assigneeId: text('assignee') || null } };
    case 'follow-up': {
      if (text('clear')) return { action, change: { followUp: null } };
      const day = text('followUp');
      if (!day) return { action, error: 'Choose a date for the follow-up, or press Clear follow-up.' };
      return { action, change: { followUp: day } };
    }
    case 'note':
      return { action, body: text('note') };
    default:
      return { action: undefined, error: 'That form is not one this page knows; reload the page and try again.' };
  }
}

/** The confirmation for `?done=…` after a form on the lead page succeeded, or undefined. */
export function doneMessage(done: string | null): string | undefined {
  return done && Object.hasOwn(LEAD_ACTIONS, done) ? LEAD_ACTIONS[done as LeadActionName] : undefined;
}

/** The desk's own history actions: the assignee changed, a reply sent, a WhatsApp logged, a first-contact alert. */
export const DESK_HISTORY_ACTIONS: readonly HistoryActionKind[] = [
  { action: 'assignee', label: 'Assignee' },
  { action: 'reply', label: 'Reply' },
  { action: 'whatsapp', label: 'WhatsApp' },
  { action: 'alert', label: 'Alert' },
];
