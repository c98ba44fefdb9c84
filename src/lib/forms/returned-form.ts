import type { FieldErrors, LeadFields } from './constants.ts';
import { interestNames } from './interest.ts';
import { fieldOrder } from './submission.ts';
import type { FormDef } from './types.ts';

/**
 * A form the server sends back to a browser that posted it without scripts: the values the
 * visitor sent, what is wrong with them, and (on captcha forms) a server-issued sum to answer.
 */
export interface ReturnedForm {
  values: LeadFields;
  errors: FieldErrors;
  challenge?: { token: string; a: number; b: number } | undefined;
  /** Where the visit began, as the post carried it: sent on again with the form. */
  touch?: string | undefined;
}

/** What the server's page needs to show a posted form again. */
export interface FormAgain {
  returned: ReturnedForm;
  /** The values the page itself adds (the package being booked), sent back as hidden fields. */
  pageValues: LeadFields;
  /** The errors in form order, for the summary at the top of the page. */
  summary: { name: string; message: string }[];
}

/**
 * Shapes a refused or invalid post for showing again: the visitor's values (never the old
 * answer to a sum that is replaced), and the errors, leaving out "answer the sum" when the sum
 * was simply never asked (no script fetched one): that is the next step, not a mistake.
 */
export function formAgain(
  form: FormDef,
  fields: LeadFields,
  errors: FieldErrors,
  options: { sumNotAsked: boolean; challenge?: ReturnedForm['challenge']; touch?: string | undefined },
): FormAgain {
  const shown = [...fieldOrder(form).filter((name) => name !== form.captcha), ...interestNames(form)];
  const values = Object.fromEntries(
    shown.filter((name) => fields[name] !== undefined).map((name) => [name, fields[name]!]),
  );
  const pageValues = Object.fromEntries(
    (form.pageFields ?? []).filter((name) => fields[name] !== undefined).map((name) => [name, fields[name]!]),
  );
  const kept = { ...errors };
  if (options.sumNotAsked && form.captcha) delete kept[form.captcha];
  const order = [...fieldOrder(form), ...interestNames(form)];
  const summary = Object.entries(kept)
    .map(([name, message]) => ({ name, message }))
    .sort((a, b) => rank(order, a.name) - rank(order, b.name));
  const returned = { values, errors: kept, challenge: options.challenge, touch: options.touch };
  return { returned, pageValues, summary };
}

const rank = (order: string[], name: string) => (order.includes(name) ? order.indexOf(name) : order.length);

/** What the endpoint hands the page that answers a browser's own post (through `Astro.locals`). */
export interface EnquiryAnswer {
  status: number;
  /** `problems`: fix the fields; `sum`: one more step, answer the sum; `refused`: not sent (limits, outage). */
  step: 'problems' | 'sum' | 'refused';
  /** Absent when the address names no form. */
  formId?: string | undefined;
  message?: string | undefined;
  /** Headers the refusal carries, such as `Retry-After`. */
  headers?: Record<string, string> | undefined;
  again?: FormAgain | undefined;
  /** The page the form was sent from, when known. */
  pagePath?: string | undefined;
}

/** The site path an address names, or undefined; never a protocol-relative `//host` link nor an API path. */
export function sitePath(address: string | null | undefined): string | undefined {
  if (!address) return undefined;
  try {
    const path = new URL(address, 'http://site').pathname.replace(/^\/+/, '/');
    return path.startsWith('/api/') ? undefined : path;
  } catch {
    return undefined;
  }
}

/**
 * The page a post came from. A form shown again by the server lives at its endpoint's address,
 * so it names its original page in `?from=`; otherwise the Referer tells.
 */
export function sentFromPath(url: URL, referer: string | null): string | undefined {
  const named = url.searchParams.get('from') ?? refererUrl(referer, url)?.searchParams.get('from');
  return sitePath(named) ?? sitePath(referer);
}

/** The Referer as a URL, or undefined when the client sent none or one that does not parse: it is theirs to write. */
export function refererUrl(referer: string | null | undefined, base: URL | string): URL | undefined {
  if (!referer || !URL.canParse(referer, base)) return undefined;
  return new URL(referer, base);
}
