import { useEffect, useRef, useState } from 'react';
import { travellerSummary, type Counts } from '@/lib/forms/submission';
import type { FieldErrors } from '@/lib/forms/constants';
import type { TravellerPicker as PickerDef } from '@/lib/forms/types';
import type { FormText } from '@/lib/forms/words';
import Glyph from './Glyph';
import TravellerCounts, { MINIMUM } from './TravellerCounts';

interface Props {
  picker: PickerDef;
  /** The picker's words in the form's language. */
  text: FormText['travellers'];
  saveLabel: string;
  formId: string;
  counts: Counts;
  onSave: (counts: Counts) => void;
  /** Before hydration the server's plain number boxes stand in for the picker. */
  hydrated: boolean;
  errors: FieldErrors;
  /** Focus was in the number boxes when the island hydrated: it moves to the button that replaces them. */
  takeFocus: boolean;
}

/** The travellers button: opens plus and minus counters; Save copies them into the form. */
export default function TravellerPicker({
  picker,
  text,
  saveLabel,
  formId,
  counts,
  onSave,
  hydrated,
  errors,
  takeFocus,
}: Props) {
  const [draft, setDraft] = useState<Counts | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (hydrated && takeFocus) toggle.current?.focus();
  }, [hydrated, takeFocus]);
  const panelId = `${formId}-travellers-panel`;
  const labelId = `${formId}-travellers-label`;

  const close = () => {
    setDraft(null);
    toggle.current?.focus();
  };
  const open = draft !== null;
  // Escape closes without saving, as a menu would, from wherever focus is inside the panel.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setDraft(null);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  if (!hydrated) return <TravellerCounts picker={picker} text={text} formId={formId} counts={counts} errors={errors} />;

  return (
    <div className="form-field relative @lg:col-span-2">
      <span id={labelId} className="form-label">
        {text.legend}
      </span>
      <button
        ref={toggle}
        type="button"
        className="form-control flex items-center justify-between text-start"
        aria-expanded={open}
        aria-controls={panelId}
        aria-labelledby={`${labelId} ${formId}-travellers-summary`}
        onClick={() => (draft ? close() : setDraft(counts))}
      >
        <span id={`${formId}-travellers-summary`}>{travellerSummary(counts, picker.label, text)}</span>
        <Glyph name="chevron" className="size-5" />
      </button>
      <input type="hidden" name={picker.adults} value={counts.adults} />
      <input type="hidden" name={picker.children} value={counts.children} />
      {draft && (
        <div id={panelId} role="group" aria-labelledby={labelId} className="traveller-panel">
          {(['adults', 'children'] as const).map((key) => (
            <div key={key} className="flex items-center justify-between gap-4 py-2">
              <span id={`${formId}-${key}-label`} className="font-semibold">
                {text[key].label}
              </span>
              <div className="flex items-center gap-3">
                <button
                  type="button"
                  className="stepper-button"
                  aria-label={text[key].fewer}
                  disabled={draft[key] <= MINIMUM[key]}
                  onClick={() => setDraft({ ...draft, [key]: Math.max(MINIMUM[key], draft[key] - 1) })}
                >
                  <Glyph name="minus" className="size-5" />
                </button>
                <output
                  aria-live="polite"
                  aria-labelledby={`${formId}-${key}-label`}
                  className="w-8 text-center text-lg"
                >
                  {draft[key]}
                </output>
                <button
                  type="button"
                  className="stepper-button"
                  aria-label={text[key].more}
                  onClick={() => setDraft({ ...draft, [key]: draft[key] + 1 })}
                >
                  <Glyph name="plus" className="size-5" />
                </button>
              </div>
            </div>
          ))}
          <button
            type="button"
            className="btn-primary mt-3 w-full"
            onClick={() => {
              onSave(draft);
              close();
            }}
          >
            {saveLabel}
          </button>
        </div>
      )}
    </div>
  );
}
