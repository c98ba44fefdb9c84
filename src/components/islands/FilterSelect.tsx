import type { FinderFilter } from '@/lib/finder';

interface Props {
  filter: FinderFilter;
  value: string;
  onChange: (value: string) => void;
}

/** One labelled filter of the package finder. */
export default function FilterSelect({ filter, value, onChange }: Props) {
  return (
    <label className="finder-field">
      <span>{filter.label}</span>
      <select name={filter.name} value={value} onChange={(event) => onChange(event.target.value)}>
        {filter.any !== undefined && <option value="">{filter.any}</option>}
        {filter.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
