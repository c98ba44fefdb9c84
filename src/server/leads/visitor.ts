/** Who sent a lead, whatever the form calls its fields (name, Name, full_name, firstName + lastName). */

type Fields = Readonly<Record<string, string>>;

/** The first non-empty value among `names`, or ''. */
export function pick(fields: Fields, ...names: string[]): string {
  return names.map((name) => fields[name]).find((value) => value !== undefined && value !== '') ?? '';
}

/** The visitor's name as typed, or '' when the form has none. */
export function visitorName(fields: Fields): string {
  return [pick(fields, 'name', 'Name', 'full_name', 'firstName'), pick(fields, 'lastName')].filter(Boolean).join(' ');
}

/** The visitor's email when it looks like one, for Reply-To. */
export function visitorEmail(fields: Fields): string | undefined {
  const value = pick(fields, 'email', 'Email', '_replyto');
  return /^[^\s@<>]+@[^\s@<>]+$/.test(value) ? value : undefined;
}

/** The visitor's phone as typed, or ''. */
export function visitorPhone(fields: Fields): string {
  return pick(fields, 'phone', 'Phone');
}
