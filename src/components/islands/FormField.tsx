import { useEffect, useRef, useState } from 'react';
import type { FieldDef } from '@/lib/forms/types';
import FieldError from './FieldError';

interface Props {
  field: FieldDef;
  formId: string;
  error: string | undefined;
  /** Bumped when the form resets, so the character counter starts again at 0. */
  resetCount: number;
}

/** One labelled field: its error and character counter are tied to it for screen readers. */
export default function FormField({ field, formId, error, resetCount }: Props) {
  const id = `${formId}-${field.name.replace(/\W+/g, '-')}`;
  const [length, setLength] = useState({ value: 0, resetCount });
  const textarea = useRef<HTMLTextAreaElement>(null);
  // Text typed before the island hydrated is already in the box: count it.
  useEffect(() => {
    setLength({ value: textarea.current?.value.length ?? 0, resetCount: 0 });
  }, []);
  const typed = length.resetCount === resetCount ? length.value : 0;
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
  } as const;

  return (
    <div className={field.half ? 'form-field @lg:col-span-1' : 'form-field @lg:col-span-2'}>
      <label htmlFor={id} className="form-label">
        {field.label}
      </label>
      {field.kind === 'select' ? (
        <select {...common} defaultValue={field.placeholder ? '' : field.options[0]?.value}>
          {field.placeholder && <option value="">{field.placeholder}</option>}
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : field.kind === 'textarea' ? (
        <textarea
          {...common}
          ref={textarea}
          rows={5}
          onInput={(event) => setLength({ value: event.currentTarget.value.length, resetCount })}
        />
      ) : (
        <input {...common} type={field.kind} autoComplete={field.autoComplete} />
      )}
      {field.kind !== 'select' && field.counter && field.maxLength && (
        <p id={counterId} className={over ? 'form-error' : 'form-hint'}>
          {field.counter === 'maximum'
            ? `Maximum ${field.maxLength} characters (${typed}/${field.maxLength})`
            : `${typed}/${field.maxLength} characters`}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
