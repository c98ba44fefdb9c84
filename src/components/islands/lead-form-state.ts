import { TOUCH_FIELD, TOUCH_STORAGE_KEY, type LeadFields } from '@/lib/forms/constants';
import type { Counts } from '@/lib/forms/submission';
import type { FormDef } from '@/lib/forms/types';

/** One send of the form: the fields and the key that lets the server recognise a repeat of it. */
export interface Attempt {
  key: string;
  fields: LeadFields;
  transport: LeadFields;
}

/**
 * The attempt for a send: a repeat of a failed send with the same fields keeps its key, so if
 * the first one was stored after all, the server answers with the same reference instead of a second lead.
 */
export function newAttempt(previous: Attempt | null, fields: LeadFields, transport: LeadFields): Attempt {
  const same = previous && JSON.stringify(previous.fields) === JSON.stringify(fields);
  return { key: same ? previous.key : attemptKey(), fields, transport };
}

/** A random UUID; `crypto.randomUUID` exists only on secure origins, so plain HTTP gets the same from random bytes. */
function attemptKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The form's visible controls by wire name. */
function controlsOf(element: HTMLFormElement, form: FormDef): [string, Control][] {
  return form.fields.flatMap((field) => {
    const control = element.elements.namedItem(field.name);
    return control instanceof HTMLInputElement ||
      control instanceof HTMLSelectElement ||
      control instanceof HTMLTextAreaElement
      ? [[field.name, control] as [string, Control]]
      : [];
  });
}

/** Whether a control still shows what the server's HTML gave it. */
function untouched(control: Control): boolean {
  if (control instanceof HTMLSelectElement)
    return [...control.options].every((option) => option.selected === option.defaultSelected);
  return control.value === control.defaultValue;
}

/**
 * Puts kept entries back into a form nobody has typed in yet (the browser may have restored
 * values itself on reload; those win) and returns the kept traveller counts when the count boxes
 * are untouched too.
 */
export function restoreDraft(element: HTMLFormElement, form: FormDef, draft: LeadFields): Counts | undefined {
  const controls = controlsOf(element, form);
  if (controls.every(([, control]) => untouched(control))) {
    for (const [name, control] of controls) {
      if (draft[name] === undefined) continue;
      control.value = draft[name];
      // React's handlers (character counters) hear about it as if typed.
      control.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
  const picker = form.travellers;
  if (!picker) return undefined;
  const boxes = [picker.adults, picker.children].map((name) => element.elements.namedItem(name));
  if (!boxes.every((box) => box instanceof HTMLInputElement && untouched(box))) return undefined;
  const adults = Number(draft[picker.adults]);
  const children = Number(draft[picker.children]);
  return Number.isInteger(adults) && adults >= 1 && Number.isInteger(children) && children >= 0
    ? { adults, children }
    : undefined;
}

/**
 * The visit's first touch for a send: what this tab kept (the public layout's inline script), else
 * what the server wrote into the page; put into the form's hidden field too, so a post the browser
 * makes itself carries it as well.
 */
export function firstTouchOf(element: HTMLFormElement): string {
  const input = element.elements.namedItem(TOUCH_FIELD);
  if (!(input instanceof HTMLInputElement)) return '';
  try {
    const kept = sessionStorage.getItem(TOUCH_STORAGE_KEY);
    if (kept) input.value = kept;
  } catch {
    // Storage refused (a privacy setting): the server's value, if any, stands.
  }
  return input.value;
}
