import { CAPTCHA_TOKEN_FIELD } from '@/lib/forms/constants';
import { fieldId } from '@/lib/forms/field-id';
import { fill, type FormText } from '@/lib/forms/words';
import type { Language } from '@/lib/languages';
import type { CaptchaState } from './use-captcha';
import FieldError from './FieldError';
import Glyph from './Glyph';

interface Props {
  name: string;
  formId: string;
  /** The question's words in the form's language. */
  text: FormText['captcha'];
  /** The form's language, whose digits the sum is written in. */
  lang: Language;
  captcha: CaptchaState;
  error: string | undefined;
  onRefresh: () => void;
  /** Before hydration there is no script to fetch a sum: the server asks it after the first send. */
  hydrated: boolean;
}

/** The sum question, its answer box and a button for a new sum. */
export default function CaptchaField({ name, formId, text, lang, captcha, error, onRefresh, hydrated }: Props) {
  const id = fieldId(formId, name);
  const errorId = `${id}-error`;
  if (!hydrated && captcha.status !== 'ready') {
    return <p className="form-hint @lg:col-span-2">{text.later}</p>;
  }
  const question =
    captcha.status === 'ready'
      ? fill(text.question, { a: captcha.challenge.a, b: captcha.challenge.b }, lang)
      : captcha.status === 'loading'
        ? text.loading
        : text.failed;

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
          <button type="button" className="stepper-button size-11" aria-label={text.refresh} onClick={onRefresh}>
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
