import { useEffect, useRef, useState, type InputEvent, type SubmitEvent } from 'react';
import { FORMS, type FormId } from '@/lib/forms/definitions';
import type { FormDef } from '@/lib/forms/types';
import { HONEYPOT_FIELD, INVALID_CAPTCHA, type FieldErrors } from '@/lib/forms/constants';
import { DEFAULT_COUNTS, fieldOrder, formEndpoint, leadFields, sendLead, type Counts } from '@/lib/forms/submission';
import CaptchaField from './CaptchaField';
import FormField from './FormField';
import FormStatus, { type Status } from './FormStatus';
import TravellerPicker from './TravellerPicker';
import { useCaptcha } from './use-captcha';

interface Props {
  formId: FormId;
  /** Values the page adds to every submission, such as the package being booked. */
  pageValues?: Record<string, string>;
  labelledBy: string;
}

let validator: Promise<typeof import('@/lib/forms/schema')> | undefined;
/** The shared zod schema is most of this island's weight: it loads when a visitor first focuses a field. */
const loadValidator = () => (validator ??= import('@/lib/forms/schema'));

/** Any enquiry form of the site, driven by its description in `@/lib/forms/definitions`. */
export default function LeadForm({ formId, pageValues = {}, labelledBy }: Props) {
  const form: FormDef = FORMS[formId];
  const formRef = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [counts, setCounts] = useState<Counts>(DEFAULT_COUNTS);
  const [resetCount, setResetCount] = useState(0);
  const [captcha, refreshCaptcha] = useCaptcha(form.captcha !== undefined);
  const answerName = form.captcha;

  useEffect(() => {
    setHydrated(true);
    const preload = () => void loadValidator();
    const element = formRef.current;
    element?.addEventListener('focusin', preload, { once: true });
    return () => element?.removeEventListener('focusin', preload);
  }, []);

  const newQuestion = () => {
    const answer = answerName && formRef.current?.elements.namedItem(answerName);
    if (answer instanceof HTMLInputElement) answer.value = '';
    setErrors(({ [answerName ?? '']: _, ...rest }) => rest);
    refreshCaptcha();
  };

  const showErrors = (found: FieldErrors, text: string) => {
    setErrors(found);
    setStatus({ kind: 'error', text });
    const first = fieldOrder(form).find((name) => found[name]);
    const element = first && formRef.current?.elements.namedItem(first);
    if (element instanceof HTMLElement) requestAnimationFrame(() => element.focus());
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const fields = leadFields(form, data.entries());
    let validateLead;
    try {
      ({ validateLead } = await loadValidator());
    } catch {
      validator = undefined;
      setStatus({ kind: 'error', text: form.messages.networkFailure ?? form.messages.failure });
      return;
    }
    const validation = validateLead(form, fields);
    const found: FieldErrors = validation.ok ? {} : { ...validation.errors };
    if (answerName && !found[answerName]) {
      const sum = captcha.status === 'ready' ? captcha.challenge.a + captcha.challenge.b : NaN;
      if (Number(fields[answerName]) !== sum) found[answerName] = INVALID_CAPTCHA;
    }
    if (Object.keys(found).length > 0) return showErrors(found, form.messages.invalid);

    setErrors({});
    setStatus({ kind: 'busy' });
    const transport = {
      ...(captcha.status === 'ready' ? { _captcha: captcha.challenge.token } : {}),
      [HONEYPOT_FIELD]: String(data.get(HONEYPOT_FIELD) ?? ''),
    };
    const sent = await sendLead(form, fields, transport);
    if (sent.outcome === 'stored') {
      formRef.current?.reset();
      setCounts(DEFAULT_COUNTS);
      setResetCount((count) => count + 1);
      if (answerName) refreshCaptcha();
      setStatus({ kind: 'success', text: form.messages.success });
    } else if (sent.outcome === 'invalid') {
      // An expired or already used question: ask a new one rather than repeat a dead token.
      if (answerName && sent.errors[answerName]) newQuestion();
      showErrors(sent.errors, form.messages.invalid);
    } else {
      setStatus({ kind: 'error', text: sent.text });
    }
  };

  const clearErrorOf = (event: InputEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  };

  return (
    <form
      ref={formRef}
      method="post"
      action={formEndpoint(form.id)}
      encType={form.encoding === 'multipart' ? 'multipart/form-data' : 'application/x-www-form-urlencoded'}
      noValidate
      aria-labelledby={labelledBy}
      onSubmit={onSubmit}
      onInput={clearErrorOf}
      className="grid gap-4 @lg:grid-cols-2"
    >
      {form.fields.map((field) => (
        <FormField key={field.name} field={field} formId={form.id} error={errors[field.name]} resetCount={resetCount} />
      ))}
      {form.travellers && (
        <TravellerPicker picker={form.travellers} formId={form.id} counts={counts} onSave={setCounts} />
      )}
      {answerName && (
        <CaptchaField
          name={answerName}
          formId={form.id}
          captcha={captcha}
          error={errors[answerName]}
          onRefresh={newQuestion}
        />
      )}
      {Object.entries({ ...form.constants, ...pageValues }).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="honeypot" aria-hidden="true">
        <label>
          Leave this empty
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <div className="@lg:col-span-2">
        <button type="submit" className="btn-primary w-full @lg:w-auto" disabled={!hydrated || status.kind === 'busy'}>
          {status.kind === 'busy' ? form.busyLabel : form.submitLabel}
        </button>
      </div>
      <FormStatus status={status} />
    </form>
  );
}
