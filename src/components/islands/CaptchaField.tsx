import { CAPTCHA_TOKEN_FIELD } from '@/lib/forms/constants';
import { fieldId } from '@/lib/forms/field-id';
import type { CaptchaState } from './use-captcha';
import FieldError from './FieldError';
import Glyph from './Glyph';

interface Props {
  name: string;
  formId: string;
  captcha: CaptchaState;
  error: string | undefined;
  onRefresh: () => void;
  /** Before hydration there is no script to fetch a sum: the server asks it after the first send. */
  hydrated: boolean;
}

/** The sum question, its answer box and a button for a new sum. */
export default function CaptchaField({ name, formId, captcha, error, onRefresh, hydrated }: Props) {
  const id = fieldId(formId, name);
  const errorId = `${id}-error`;
  if (!hydrated && captcha.status !== 'ready') {
    return (
      <p className="form-hint @lg:col-span-2">
        Security question: after you send the form we will ask you to add two small numbers.
      </p>
    );
  }
  const question =
    captcha.status === 'ready'
      ? `Security question: what is ${captcha.challenge.a} + ${captcha.challenge.b}?`
      : captcha.status === 'loading'
        ? 'Security question: loading…'
        : 'Security question: could not load. Press the refresh button.';

  return (
    <div className="form-field @lg:col-span-2">
      <label htmlFor={id} className="form-label">
        {question}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name={name}
          type="text"
          className="form-control w-32"
          inputMode="numeric"
          autoComplete="off"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {hydrated && (
          <button
            type="button"
            className="stepper-button size-11"
            aria-label="New security question"
            onClick={onRefresh}
          >
            <Glyph name="refresh" className="size-5" />
          </button>
        )}
      </div>
      <input
        type="hidden"
        name={CAPTCHA_TOKEN_FIELD}
        value={captcha.status === 'ready' ? captcha.challenge.token : ''}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
