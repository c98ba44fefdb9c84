/** The kinds of box whose contents are text a person types, in whatever script they write. */
const TYPED_TEXT = new Set(['text', 'email', 'tel', 'search', 'url', 'textarea']);

/**
 * The `dir` of a box for a control's type: `auto` where a person types text, so that it reads in its
 * own direction whatever the page's. "Rahima B." stays so in an Urdu form (in the page's right to
 * left its full stop went first), an Urdu name stays right to left in an English one, and a phone
 * number or an email address, with no right-to-left letter, reads left to right. A date, a number or
 * a choice has no typed text to follow. An input without a type is a text box, as in HTML.
 */
export function typedTextDir(type: string | null | undefined): 'auto' | undefined {
  return TYPED_TEXT.has(type ?? 'text') ? 'auto' : undefined;
}
