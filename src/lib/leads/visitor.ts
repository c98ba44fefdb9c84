/** Who sent a lead and what they told us, read from the form's field roles, never from guessed wire names. */
import type { FieldRole, FormDef } from '../forms/types.ts';

type Fields = Readonly<Record<string, string>>;

/** The wire names that hold `role` on `form`: the traveller picker's counts, then fields marked with it. */
function namesWithRole(form: FormDef | undefined, role: FieldRole): string[] {
  const picker = form?.travellers && (role === 'adults' || role === 'children') ? [form.travellers[role]] : [];
  const marked = (form?.fields ?? []).filter((field) => field.role === role).map((field) => field.name);
  return [...picker, ...marked];
}

/** What the visitor sent in the field of `role`, trimmed, or '' when the form has none or it was left empty. */
export function valueWithRole(form: FormDef | undefined, fields: Fields, role: FieldRole): string {
  return (
    namesWithRole(form, role)
      .map((name) => fields[name]?.trim() ?? '')
      .find(Boolean) ?? ''
  );
}

/** The visitor's name as typed (one field, or first and last name), or ''. */
export function visitorName(form: FormDef | undefined, fields: Fields): string {
  const full = valueWithRole(form, fields, 'name');
  if (full) return full;
  return [valueWithRole(form, fields, 'firstName'), valueWithRole(form, fields, 'lastName')].filter(Boolean).join(' ');
}

/** The visitor's email when it looks like one: Reply-To for the staff, the acknowledgement's address. */
export function visitorEmail(form: FormDef | undefined, fields: Fields): string | undefined {
  const value = valueWithRole(form, fields, 'email');
  return /^[^\s@<>",]+@[^\s@<>",]+\.[^\s@<>",]+$/.test(value) ? value : undefined;
}

/** The visitor's phone as typed, or ''. */
export function visitorPhone(form: FormDef | undefined, fields: Fields): string {
  return valueWithRole(form, fields, 'phone');
}

/** Whether a field holds the visitor's own free text, which goes to the staff and nobody else. */
export function isFreeText(form: FormDef | undefined, name: string): boolean {
  const field = form?.fields.find((item) => item.name === name);
  return field?.role === 'message' || field?.kind === 'textarea';
}
