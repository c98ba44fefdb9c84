import { fieldId } from '@/lib/forms/field-id';
import {
  CONSENT_VALUE,
  INTEREST_CONSENT_FIELD,
  INTEREST_TRAVELLERS_FIELD,
  asksTravellers,
  travellerOptions,
} from '@/lib/forms/interest';
import type { FieldErrors } from '@/lib/forms/constants';
import type { FormDef } from '@/lib/forms/types';
import type { FormText } from '@/lib/forms/words';
import type { Language } from '@/lib/languages';
import FieldError from './FieldError';

interface Props {
  form: FormDef;
  /** The questions' words in the form's language. */
  text: FormText['interest'];
  /** The form's language, whose digits the party sizes are written in. */
  lang: Language;
  errors: FieldErrors;
  /** What the visitor sent when the server returns the form with problems. */
  values: Record<string, string> | undefined;
}

/**
 * The Hajj interest list's own questions: the party size (where the spec's form asks no count) and
 * the consent to be emailed, unticked until the visitor ticks it. Plain controls that post without
 * scripts; the form remounts them (a new key) to clear them after a send.
 */
export default function InterestFields({ form, text, lang, errors, values }: Props) {
  const travellersId = fieldId(form.id, INTEREST_TRAVELLERS_FIELD);
  const consentId = fieldId(form.id, INTEREST_CONSENT_FIELD);
  const travellersError = errors[INTEREST_TRAVELLERS_FIELD];
  const consentError = errors[INTEREST_CONSENT_FIELD];
  return (
    <>
      {asksTravellers(form) && (
        <div className="form-field @lg:col-span-1">
          <label htmlFor={travellersId} className="form-label">
            {text.travellers}
          </label>
          <select
            id={travellersId}
            name={INTEREST_TRAVELLERS_FIELD}
            className="form-control"
            defaultValue={values?.[INTEREST_TRAVELLERS_FIELD] ?? ''}
            aria-invalid={travellersError ? true : undefined}
            aria-describedby={travellersError ? `${travellersId}-error` : undefined}
          >
            {travellerOptions(text.unsure, lang).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <FieldError id={`${travellersId}-error`} message={travellersError} />
        </div>
      )}
      <div className="form-field @lg:col-span-2">
        <div className="flex items-start gap-3">
          <input
            id={consentId}
            type="checkbox"
            name={INTEREST_CONSENT_FIELD}
            value={CONSENT_VALUE}
            defaultChecked={values?.[INTEREST_CONSENT_FIELD] === CONSENT_VALUE}
            className="mt-1 size-5 shrink-0 accent-emerald-800"
            aria-invalid={consentError ? true : undefined}
            aria-describedby={consentError ? `${consentId}-error` : undefined}
          />
          <label htmlFor={consentId}>{text.consent}</label>
        </div>
        <FieldError id={`${consentId}-error`} message={consentError} />
      </div>
    </>
  );
}
