import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { COMPARE_LIMIT, COMPARE_PARAM, COMPARE_PATH } from '@/lib/compare-choice';
import { formatPrice, nightsLabel } from '@/lib/format';
import {
  SEASONS,
  filterValue,
  finderFilters,
  findPackages,
  finderSearch,
  parseFinderQuery,
  withFilter,
  type FinderFilter,
  type FinderItem,
  type FinderQuery,
} from '@/lib/finder';
import FilterSelect from './FilterSelect';

interface Props {
  items: readonly FinderItem[];
  cities: readonly { id: string; name: string }[];
}

const DEFAULT_QUERY: FinderQuery = { sort: 'price-asc' };

/** The finder form's button, with the rule it follows. */
function CompareSubmit({ id }: { id: string }) {
  return (
    <p className="finder-compare-bar">
      <span id={id} className="text-sm text-muted">
        Tick up to {COMPARE_LIMIT} packages to see them side by side.
      </span>
      <button type="submit" className="btn-outline" aria-describedby={id}>
        Compare selected
      </button>
    </p>
  );
}

/** Filters every Umrah and Hajj package by city, stars, nights and season; the URL keeps the filters. */
export default function PackageFinder({ items, cities }: Props) {
  const [query, setQuery] = useState<FinderQuery>(DEFAULT_QUERY);
  const id = useId();
  const filterList = useMemo(() => finderFilters(items, cities, nightsLabel), [items, cities]);
  const results = findPackages(items, query);

  const filters = useRef<HTMLFieldSetElement>(null);

  // The server renders the full list; a shared link's filters apply once the page runs.
  useEffect(() => {
    const fromUrl = () => setQuery(parseFinderQuery(window.location.search));
    // A filter chosen before the page finished loading (or restored by the browser) is kept.
    const chosen = new URLSearchParams();
    for (const select of filters.current?.querySelectorAll('select') ?? []) {
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

  const update = (name: FinderFilter['name'], value: string) => {
    const next = withFilter(query, name, value);
    setQuery(next);
    window.history.replaceState(null, '', `${window.location.pathname}${finderSearch(next)}`);
  };

  return (
    <div>
      <fieldset ref={filters} className="finder-filters">
        <legend className="sr-only">Filter packages</legend>
        {filterList.map((filter) => (
          <FilterSelect
            key={filter.name}
            filter={filter}
            value={filterValue(query, filter.name)}
            onChange={(value) => update(filter.name, value)}
          />
        ))}
      </fieldset>
      <p id={`${id}-count`} className="mt-6 font-semibold" role="status">
        {results.length === items.length
          ? `Showing all ${items.length} packages`
          : `${results.length} of ${items.length} packages match`}
      </p>
      {results.length === 0 ? (
        <p className="card mt-4">
          No package matches all of these filters. Try another length or season, or ask us: we can often arrange it.
        </p>
      ) : (
        // A plain GET form: without JavaScript, ticking packages and pressing the button opens the comparison.
        <form method="get" action={COMPARE_PATH} aria-label="Compare packages">
          <CompareSubmit id={`${id}-compare-top`} />
          <ul className="mt-4 divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white">
            {results.map((item) => (
              <li key={item.id} className="finder-row" data-finder-item={item.id}>
                <div>
                  <a href={item.href} className="font-semibold text-emerald-900 underline-offset-4 hover:underline">
                    {item.title}
                  </a>
                  <p className="text-sm text-muted">
                    {[
                      nightsLabel(item.nights),
                      `${item.stars} star`,
                      SEASONS[item.season],
                      item.cityName ?? 'Any US city',
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <p className="text-right">
                  <span className="font-display text-2xl text-emerald-900" data-price>
                    {formatPrice(item.price)}
                  </span>
                  <span className="block text-xs text-muted">per person</span>
                </p>
                <label className="compare-pick finder-compare">
                  <input
                    type="checkbox"
                    name={COMPARE_PARAM}
                    value={item.id}
                    data-compare-id={item.id}
                    data-compare-title={item.title}
                  />
                  <span>
                    Compare<span className="sr-only"> {item.title}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <CompareSubmit id={`${id}-compare-end`} />
        </form>
      )}
    </div>
  );
}
