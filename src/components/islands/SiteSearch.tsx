import { useEffect, useRef, useState } from 'react';

interface Result {
  url: string;
  title: string;
  excerpt: string;
}

interface PagefindResult {
  data: () => Promise<{ url: string; meta: { title?: string }; excerpt: string }>;
}

interface Pagefind {
  search: (term: string) => Promise<{ results: PagefindResult[] }>;
}

// Pagefind's files exist only after the build, so they are loaded at run time, not bundled. The
// browser keeps a module that failed to load as failed for the page's life (Chromium 150 does), so
// each try after a failure asks for it under an address of its own.
const loadPagefind = (failures: number): Promise<Pagefind> =>
  import(/* @vite-ignore */ `${'/pagefind/'}pagefind.js${failures > 0 ? `?retry=${failures}` : ''}`);

/** Site search over guides and packages, from the static Pagefind index; `?q=` keeps the query shareable. */
export default function SiteSearch() {
  const [term, setTerm] = useState('');
  const [results, setResults] = useState<Result[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const pagefind = useRef<Promise<Pagefind> | null>(null);
  const failures = useRef(0);
  const input = useRef<HTMLInputElement>(null);

  const run = async (query: string) => {
    const text = query.trim();
    window.history.replaceState(null, '', text ? `?q=${encodeURIComponent(text)}` : window.location.pathname);
    setFailed(false);
    if (!text) {
      setResults(null);
      return;
    }
    setBusy(true);
    try {
      pagefind.current ??= loadPagefind(failures.current);
      const found = await (await pagefind.current).search(text);
      const data = await Promise.all(found.results.slice(0, 20).map((result) => result.data()));
      setResults(
        data.map((item) => ({
          url: item.url.replace(/\.html$/, ''),
          title: item.meta.title ?? item.url,
          excerpt: item.excerpt,
        })),
      );
    } catch {
      // The index did not load (offline, blocked): say so, and try afresh on the next search.
      pagefind.current = null;
      failures.current += 1;
      setResults(null);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    // Keep whatever the visitor typed before the island woke up; a shared ?q= link wins.
    const initial = new URLSearchParams(window.location.search).get('q') ?? input.current?.value ?? '';
    setTerm(initial);
    if (initial && new URLSearchParams(window.location.search).has('q')) void run(initial);
  }, []);

  return (
    <div>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          // The box, not `term`: an Enter that lands while React is still hydrating makes React
          // hydrate on the spot and submit at once, before the effect above has copied in what was
          // typed before the island woke, so `term` would still be empty.
          void run(input.current?.value ?? term);
        }}
        className="flex flex-wrap gap-3"
      >
        <label htmlFor="site-search" className="sr-only">
          Search guides and packages
        </label>
        <input
          ref={input}
          id="site-search"
          name="q"
          type="search"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          placeholder="Try: ihram, visa, Ramadan, Chicago"
          className="min-h-12 flex-1 rounded-full border border-sand-500 bg-white px-5 text-lg"
        />
        <button type="submit" className="btn-primary">
          Search
        </button>
      </form>
      <p role="status" className="mt-6 font-semibold">
        {busy
          ? 'Searching…'
          : failed
            ? 'Search could not load. Check your connection and try again.'
            : results === null
              ? ''
              : `${results.length} ${results.length === 1 ? 'result' : 'results'}`}
      </p>
      {results && results.length > 0 && (
        <ol className="mt-4 space-y-4" aria-label="Search results">
          {results.map((result) => (
            <li key={result.url} className="card">
              <a href={result.url} className="font-display text-xl text-emerald-900 underline-offset-4 hover:underline">
                {result.title}
              </a>
              {/* Pagefind escapes the page text and marks the matched words with <mark>. */}
              <p className="mt-2 text-muted" dangerouslySetInnerHTML={{ __html: result.excerpt }} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
