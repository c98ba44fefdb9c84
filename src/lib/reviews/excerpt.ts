/**
 * The home page shows the newest reviews shortened, so that three of the longest (2,000 characters
 * and a reply each) still leave its first response within one round trip; the package page shows
 * them whole.
 */

/** How many characters of a review's words, and of the agency's reply, the home page shows. */
export const HOME_EXCERPT = { text: 260, reply: 150 } as const;

/**
 * The start of `text` in at most `max` characters, cut after a whole word with "…" added; the text
 * itself when it fits. A first word longer than `max` is cut inside it (nothing else would fit).
 */
export function excerpt(text: string, max: number): { text: string; shortened: boolean } {
  const whole = text.trim();
  if (whole.length <= max) return { text: whole, shortened: false };
  // One character is kept for the ellipsis; a word is whole when a space or a stop follows it.
  const room = whole.slice(0, max - 1);
  const endsWord = /[\s,;:.!?]/.test(whole.charAt(max - 1));
  const space = room.search(/\s\S*$/);
  const cut = endsWord ? room : space > 0 ? room.slice(0, space) : room;
  return { text: `${cut.replace(/[\s,;:.\-–—]+$/u, '')}…`, shortened: true };
}
