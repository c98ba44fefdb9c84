import { fieldId } from '@/lib/forms/field-id';
import type { FieldErrors } from '@/lib/forms/constants';
import type { Counts } from '@/lib/forms/submission';
import type { TravellerPicker } from '@/lib/forms/types';
import type { FormText } from '@/lib/forms/words';
import FieldError from './FieldError';

interface Props {
  picker: TravellerPicker;
  /** The counts' words in the form's language. */
  text: FormText['travellers'];
  formId: string;
  counts: Counts;
  errors: FieldErrors;
}

/** The fewest of each a form accepts: one adult travels with any children. */
export const MINIMUM: Counts = { adults: 1, children: 0 };

/**
 * The traveller counts as plain number boxes, sent under the picker's wire names: what the
 * server's HTML shows, so the form works before (or without) its script. Hydration swaps in the picker.
 */
export default function TravellerCounts({ picker, text, formId, counts, errors }: Props) {
  return (
    <fieldset className="form-field @lg:col-span-2" data-traveller-counts>
      <legend className="form-label">{text.legend}</legend>
      <div className="grid grid-cols-2 gap-4">
        {(['adults', 'children'] as const).map((key) => {
          const name = picker[key];
          const id = fieldId(formId, name);
          const error = errors[name];
          return (
            <div key={key} className="form-field">
              <label htmlFor={id} className="form-label">
                {text[key].label}
              </label>
              <input
                id={id}
                name={name}
                type="number"
                inputMode="numeric"
                min={MINIMUM[key]}
                max={99}
                required
                defaultValue={counts[key]}
                className="form-control"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
              />
              <FieldError id={`${id}-error`} message={error} />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The counts in the plain boxes (typed before hydration), kept within the picker's limits. */
export function readCounts(form: HTMLFormElement, picker: TravellerPicker, fallback: Counts): Counts {
  const read = (key: keyof Counts) => {
    const control = form.elements.namedItem(picker[key]);
    const value = control instanceof HTMLInputElement ? Number.parseInt(control.value, 10) : NaN;
    return Number.isInteger(value) ? Math.min(99, Math.max(MINIMUM[key], value)) : fallback[key];
  };
  return { adults: read('adults'), children: read('children') };
}
