/**
 * A reader sees "$899per person" or "more than 10,000+" only where the page's text has the price
 * and the word (or the claim's parts) with nothing but tags between them: any white space in the
 * HTML stays at least a space in what the browser shows. So the HTML alone says which pages need a
 * browser to judge, by their CSS, whether those tags keep the words apart.
 */

/** A tag, its quoted attributes read whole (an attribute may hold a `>`). */
const TAG = /<(?:[^>"']|"[^"]*"|'[^']*')*>/g;
/** A price, then a letter with only tags before it. */
const PRICE_THEN_WORD = new RegExp(String.raw`\$\d[\d,]*(?:\.\d+)?(?:${TAG.source})*[A-Za-z]`);
/** "More than", "over" or "at least" before a number with a plus: the claim said twice (content review N10). */
export const DOUBLED_CLAIM = /\b(?:more than|over|at least)\s+\d[\d,.]*\+/gi;
/** A price run into the next word, as a reader sees it. */
export const GLUED_PRICE = /\$\d[\d,]*(?:\.\d+)?[A-Za-z]+/g;

/** Whether the page's body could show a glued price or a doubled claim, judged from its HTML. */
export function mayShowGluedText(html: string): boolean {
  const body = html
    .slice(Math.max(0, html.search(/<body\b/)))
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1>/gi, '');
  if (PRICE_THEN_WORD.test(body)) return true;
  // Tags between the claim's parts may show as nothing or as a break: both readings are tried.
  return [body.replace(TAG, ''), body.replace(TAG, ' ')].some((text) =>
    new RegExp(DOUBLED_CLAIM.source, 'i').test(text),
  );
}
