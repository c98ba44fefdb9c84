import { useEffect, useRef, useState } from 'react';
import { fieldId } from '@/lib/forms/field-id';
import { typedTextDir } from '@/lib/forms/typed-direction';
import type { FieldDef } from '@/lib/forms/types';
import type { Language } from '@/lib/languages';
import { fill, type FieldText, type FormText } from '@/lib/forms/words';
import FieldError from './FieldError';

interface Props {
  field: FieldDef;
  /** The field's words in the form's language. */
  text: FieldText;
  counterWords: FormText['counter'];
  /** The form's language, whose digits the counter is written in. */
  lang: Language;
  formId: string;
  error: string | undefined;
  /** What the visitor sent when the server returns the form with problems. */
  initialValue: string | undefined;
}

/**
 * One labelled field: its error and character counter are tied to it for screen readers. The
 * form remounts it (a new key) to clear it after a send.
 */
export default function FormField({ field, text, counterWords, lang, formId, error, initialValue }: Props) {
  const id = fieldId(formId, field.name);
  const [typed, setTyped] = useState(initialValue?.length ?? 0);
  const textarea = useRef<HTMLTextAreaElement>(null);
  // Text typed before the island hydrated is already in the box: count it.
  useEffect(() => {
    setTyped(textarea.current?.value.length ?? 0);
  }, []);
  const counterId = `${id}-count`;
  const errorId = `${id}-error`;
  const over = field.kind !== 'select' && field.maxLength !== undefined && typed > field.maxLength;
  const describedBy = [error ? errorId : '', field.kind !== 'select' && field.counter ? counterId : '']
    .filter(Boolean)
    .join(' ');
  const common = {
    id,
    name: field.name,
    required: field.required,
    'aria-invalid': error || over ? true : undefined,
    'aria-describedby': describedBy || undefined,
    className: 'form-control',
    dir: typedTextDir(field.kind),
  } as const;

  return (
    <div className={field.half ? 'form-field @lg:col-span-1' : 'form-field @lg:col-span-2'}>
      <label htmlFor={id} className="form-label">
        {text.label}
      </label>
      {field.kind === 'select' ? (
        <select
          {...common}
          defaultValue={initialValue ?? field.initial ?? (field.placeholder ? '' : field.options[0]?.value)}
        >
          {text.placeholder && <option value="">{text.placeholder}</option>}
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {text.options?.[option.value] ?? option.value}
            </option>
          ))}
        </select>
      ) : field.kind === 'textarea' ? (
        <textarea
          {...common}
          ref={textarea}
          rows={5}
          defaultValue={initialValue}
          onInput={(event) => setTyped(event.currentTarget.value.length)}
        />
      ) : (
        <input {...common} type={field.kind} autoComplete={field.autoComplete} defaultValue={initialValue} />
      )}
      {field.kind !== 'select' && field.counter && field.maxLength && (
        <p id={counterId} className={over ? 'form-error' : 'form-hint'}>
          {fill(counterWords[field.counter], { typed, max: field.maxLength }, lang)}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
