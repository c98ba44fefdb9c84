import { useEffect, useRef, useState } from 'react';
import {
  filterValue,
  finderFactsOf,
  findPackages,
  finderSearch,
  parseFinderQuery,
  withFilter,
  type FinderFacts,
  type FinderFilter,
  type FinderQuery,
} from '@/lib/finder';
import FilterSelect from './FilterSelect';

interface Props {
  filters: readonly FinderFilter[];
  /** How many packages the server's list holds. */
  total: number;
  /** The id of the server's list (`FinderList.astro`), whose rows the filters show and order. */
  listId: string;
}

interface Row extends FinderFacts {
  element: HTMLLIElement;
}

const DEFAULT_QUERY: FinderQuery = { sort: 'price-asc' };

/** The server's rows with the facts their data attributes carry, read once. */
function readRows(list: HTMLElement): Row[] {
  return [...list.querySelectorAll<HTMLLIElement>('li[data-finder-item]')].map((element) => ({
    element,
    ...finderFactsOf(element.dataset, element.querySelector('a')?.textContent ?? ''),
  }));
}

/** Filters the server's list of every package by city, stars, nights and season; the URL keeps the filters. */
export default function PackageFinder({ filters, total, listId }: Props) {
  const [query, setQuery] = useState<FinderQuery>(DEFAULT_QUERY);
  const [shown, setShown] = useState(total);
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const rows = useRef<Row[] | null>(null);

  // The server renders the full list; a shared link's filters apply once the page runs.
  useEffect(() => {
    const fromUrl = () => setQuery(parseFinderQuery(window.location.search));
    // A filter chosen before the page finished loading (or restored by the browser) is kept.
    const chosen = new URLSearchParams();
    for (const select of fieldset.current?.querySelectorAll('select') ?? []) {
      if (select.value) chosen.set(select.name, select.value);
    }
    const early = finderSearch(parseFinderQuery(chosen.toString()));
    if (early && !window.location.search) {
      setQuery(parseFinderQuery(early));
      window.history.replaceState(null, '', `${window.location.pathname}${early}`);
    } else {
      fromUrl();
    }
    window.addEventListener('popstate', fromUrl);
    return () => window.removeEventListener('popstate', fromUrl);
  }, []);

  // The list follows the query: matching rows in price order, the others taken out of the page.
  useEffect(() => {
    const list = document.getElementById(listId);
    if (!list) return;
    rows.current ??= readRows(list);
    const matching = findPackages(rows.current, query);
    list.replaceChildren(...matching.map((row) => row.element));
    const form = list.closest('form');
    if (form) form.hidden = matching.length === 0;
    setShown(matching.length);
  }, [query, listId]);

  const update = (name: FinderFilter['name'], value: string) => {
    const next = withFilter(query, name, value);
    setQuery(next);
    window.history.replaceState(null, '', `${window.location.pathname}${finderSearch(next)}`);
  };

  return (
    <div>
      <fieldset ref={fieldset} className="finder-filters">
        <legend className="sr-only">Filter packages</legend>
        {filters.map((filter) => (
          <FilterSelect
            key={filter.name}
            filter={filter}
            value={filterValue(query, filter.name)}
            onChange={(value) => update(filter.name, value)}
          />
        ))}
      </fieldset>
      <p className="mt-6 font-semibold" role="status">
        {shown === total ? `Showing all ${total} packages` : `${shown} of ${total} packages match`}
      </p>
      {shown === 0 && (
        <p className="card mt-4">
          No package matches all of these filters. Try another length or season, or ask us: we can often arrange it.
        </p>
      )}
    </div>
  );
}
