/**
 * Tells the browser's own form post (a navigation that must be answered with a page) from the
 * island's `fetch` (which asks for JSON). Fetch metadata decides when the browser sends it; older
 * browsers are judged by whether their Accept header prefers HTML to JSON.
 */
export function wantsPage(headers: Headers): boolean {
  const mode = headers.get('sec-fetch-mode');
  const dest = headers.get('sec-fetch-dest');
  if (mode || dest) return mode === 'navigate' || dest === 'document';
  const accept = acceptWeights(headers.get('accept') ?? '');
  const html = accept.get('text/html') ?? 0;
  const json = accept.get('application/json') ?? accept.get('application/*') ?? accept.get('*/*') ?? 0;
  return html > 0 && html > json;
}

/** Media ranges of an Accept header with their q weights (1 when none is given). */
function acceptWeights(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [range = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!range) continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(range, Number.isFinite(weight) ? weight : 0);
  }
  return weights;
}
