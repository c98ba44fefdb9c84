import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { formatPrice, nightsLabel } from '@/lib/format';
import { SEASONS, findPackages, finderSearch, parseFinderQuery, type FinderItem, type FinderQuery } from '@/lib/finder';

interface Props {
  items: readonly FinderItem[];
  cities: readonly { id: string; name: string }[];
}

const DEFAULT_QUERY: FinderQuery = { sort: 'price-asc' };

/** Filters every Umrah and Hajj package by city, stars, nights and season; the URL keeps the filters. */
export default function PackageFinder({ items, cities }: Props) {
  const [query, setQuery] = useState<FinderQuery>(DEFAULT_QUERY);
  const id = useId();
  const nightOptions = useMemo(() => [...new Set(items.map((item) => item.nights))].sort((a, b) => a - b), [items]);
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

  const update = (change: Partial<FinderQuery>) => {
    const next = { ...query, ...change };
    setQuery(next);
    window.history.replaceState(null, '', `${window.location.pathname}${finderSearch(next)}`);
  };
  const select = (key: 'city' | 'season') => (event: ChangeEvent<HTMLSelectElement>) =>
    update({ [key]: event.target.value || undefined });
  const number = (key: 'stars' | 'nights') => (event: ChangeEvent<HTMLSelectElement>) =>
    update({ [key]: event.target.value ? Number(event.target.value) : undefined });

  return (
    <div>
      <fieldset ref={filters} className="finder-filters">
        <legend className="sr-only">Filter packages</legend>
        <label className="finder-field">
          <span>Departure city</span>
          <select name="city" value={query.city ?? ''} onChange={select('city')}>
            <option value="">Any city</option>
            {cities.map((city) => (
              <option key={city.id} value={city.id}>
                {city.name}
              </option>
            ))}
          </select>
        </label>
        <label className="finder-field">
          <span>Hotel rating</span>
          <select name="stars" value={query.stars ?? ''} onChange={number('stars')}>
            <option value="">Any rating</option>
            {[3, 4, 5].map((stars) => (
              <option key={stars} value={stars}>
                {stars} star
              </option>
            ))}
          </select>
        </label>
        <label className="finder-field">
          <span>Nights</span>
          <select name="nights" value={query.nights ?? ''} onChange={number('nights')}>
            <option value="">Any length</option>
            {nightOptions.map((nights) => (
              <option key={nights} value={nights}>
                {nightsLabel(nights)}
              </option>
            ))}
          </select>
        </label>
        <label className="finder-field">
          <span>Season</span>
          <select name="season" value={query.season ?? ''} onChange={select('season')}>
            <option value="">Any season</option>
            {Object.entries(SEASONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="finder-field">
          <span>Sort by</span>
          <select
            name="sort"
            value={query.sort}
            onChange={(event) => update({ sort: event.target.value === 'price-desc' ? 'price-desc' : 'price-asc' })}
          >
            <option value="price-asc">Price: low to high</option>
            <option value="price-desc">Price: high to low</option>
          </select>
        </label>
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
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
