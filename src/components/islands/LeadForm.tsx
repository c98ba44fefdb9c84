import { useEffect, useRef, useState, type InputEvent, type SubmitEvent } from 'react';
import { FORMS, type FormId } from '@/lib/forms/definitions';
import type { FormDef } from '@/lib/forms/types';
import {
  CAPTCHA_TOKEN_FIELD,
  HONEYPOT_FIELD,
  LANGUAGE_FIELD,
  TOUCH_FIELD,
  formHeadingId,
  type FieldErrors,
} from '@/lib/forms/constants';
import { form as english, type FormWords } from '@/lib/i18n/en/form';
import type { Language } from '@/lib/languages';
import { fill, formText, type FormText } from '@/lib/forms/words';
import { clearDraft, readDraft, saveDraft } from '@/lib/forms/draft';
import type { ReturnedForm } from '@/lib/forms/returned-form';
import { splitInterest } from '@/lib/forms/interest';
import { answersSum } from '@/lib/forms/captcha';
import { DEFAULT_COUNTS, fieldOrder, formEndpoint, leadFields, sendLead, type Counts } from '@/lib/forms/submission';
import CaptchaField from './CaptchaField';
import FormField from './FormField';
import InterestFields from './InterestFields';
import FormStatus, { type Status } from './FormStatus';
import TravellerPicker from './TravellerPicker';
import { readCounts } from './TravellerCounts';
import { useCaptcha } from './use-captcha';
import { firstTouchOf, restoreDraft, type Attempt, newAttempt } from './lead-form-state';

/** What a page hands the form: its words come with the island's code (leadFormIn), never as props. */
interface LeadFormProps {
  formId: FormId;
  /** Values the page adds to every submission, such as the package being booked. */
  pageValues?: Record<string, string>;
  /** Where the visitor's unsent entries are kept in sessionStorage (per form and page). */
  draftKey: string;
  /** The server's answer to a post made without scripts: the values, their problems, a sum. */
  returned?: ReturnedForm | undefined;
  /** The page the form began on, named in its address when the server shows it elsewhere. */
  sentFrom?: string | undefined;
}

let validator: Promise<typeof import('@/lib/forms/schema')> | undefined;
/** The shared zod schema is most of this island's weight: it loads when a visitor first focuses a field. */
const loadValidator = () => (validator ??= import('@/lib/forms/schema'));

/**
 * Any enquiry form of the site, driven by its description in `@/lib/forms/definitions`, saying
 * `words`. Its server HTML is a complete form that posts without scripts (plain traveller counts, an
 * enabled button); hydration swaps in the picker and sends by `fetch` instead.
 */
function LeadForm({
  form,
  words,
  pageValues = {},
  draftKey,
  returned,
  sentFrom,
}: Omit<LeadFormProps, 'formId'> & { form: FormDef; words: FormText }) {
  // An English form sends no language, as forms did before there were others.
  const translated = words.lang !== 'en';
  const action = sentFrom ? `${formEndpoint(form.id)}?from=${encodeURIComponent(sentFrom)}` : formEndpoint(form.id);
  const formRef = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [countsHadFocus, setCountsHadFocus] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>(returned?.errors ?? {});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [counts, setCounts] = useState<Counts>(() => countsOf(form, returned));
  const [resetCount, setResetCount] = useState(0);
  const [captcha, refreshCaptcha] = useCaptcha(form.captcha !== undefined, returned?.challenge);
  const attempt = useRef<Attempt | null>(null);
  const edited = useRef(false);
  const answerName = form.captcha;

  useEffect(() => {
    const element = formRef.current!;
    // Counts typed into the plain boxes before hydration move into the picker, and so does focus.
    let restored = form.travellers ? readCounts(element, form.travellers, counts) : counts;
    setCountsHadFocus(element.querySelector('[data-traveller-counts]')?.contains(document.activeElement) ?? false);
    // A form the server sent back holds the newest entries, and goes on by posting itself: nothing to keep.
    const draft = returned ? null : readDraft(draftKey);
    if (returned) clearDraft(draftKey);
    if (draft) restored = restoreDraft(element, form, draft) ?? restored;
    setCounts(restored);
    setHydrated(true);
    const preload = () => void loadValidator();
    element.addEventListener('focusin', preload, { once: true });
    return () => element.removeEventListener('focusin', preload);
    // Runs once, on hydration: later renders must not read the DOM back over the state.
  }, []);

  const keepDraft = () => {
    const element = formRef.current;
    if (!element || returned) return;
    const kept = leadFields(form, new FormData(element).entries());
    // A sum's answer belongs to that sum only.
    if (answerName) delete kept[answerName];
    saveDraft(draftKey, kept);
  };
  // The picker's counts reach their hidden inputs on render, so they are kept after it.
  useEffect(() => {
    if (hydrated && edited.current) keepDraft();
  }, [counts, hydrated]);

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

  const send = async (current: Attempt) => {
    setErrors({});
    setStatus({ kind: 'busy' });
    const sent = await sendLead(form, current.fields, current.transport, current.key, action, words);
    if (sent.outcome === 'stored') {
      attempt.current = null;
      edited.current = false;
      clearDraft(draftKey);
      formRef.current?.reset();
      setCounts(DEFAULT_COUNTS);
      setResetCount((count) => count + 1);
      if (answerName) refreshCaptcha();
      const reference = sent.reference ? fill(words.reference, { reference: sent.reference }) : '';
      setStatus({ kind: 'success', text: `${words.success}${reference}${words.next ? ` ${words.next}` : ''}` });
    } else if (sent.outcome === 'invalid') {
      attempt.current = null;
      // An expired or already used question: ask a new one rather than repeat a dead token.
      if (answerName && sent.errors[answerName]) newQuestion();
      showErrors(sent.errors, words.invalid);
    } else {
      setStatus({ kind: 'error', text: sent.text, retry: sent.retry });
    }
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    const touch = firstTouchOf(event.currentTarget);
    // Sent back by the server, the form stays on the page route: its answer replaces this page.
    if (returned) return;
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const fields = leadFields(form, data.entries());
    let validateLead;
    try {
      ({ validateLead } = await loadValidator());
    } catch {
      // The checks' code did not arrive: the browser posts the form itself and the server answers with a page.
      validator = undefined;
      formRef.current?.submit();
      return;
    }
    const validation = validateLead(form, fields, words);
    const found: FieldErrors = validation.ok ? {} : { ...validation.errors };
    if (answerName && !found[answerName]) {
      const sum = captcha.status === 'ready' ? captcha.challenge.a + captcha.challenge.b : NaN;
      if (!answersSum(fields[answerName] ?? '', sum)) found[answerName] = words.captcha.invalid;
    }
    if (Object.keys(found).length > 0) return showErrors(found, words.invalid);

    const transport = {
      // The interest list's own answers go beside the fields, as the server reads them apart.
      ...splitInterest(form, Object.fromEntries(data.entries()) as Record<string, string>).interest,
      [CAPTCHA_TOKEN_FIELD]: String(data.get(CAPTCHA_TOKEN_FIELD) ?? ''),
      [HONEYPOT_FIELD]: String(data.get(HONEYPOT_FIELD) ?? ''),
      [TOUCH_FIELD]: touch,
      ...(translated ? { [LANGUAGE_FIELD]: words.lang } : {}),
    };
    attempt.current = newAttempt(attempt.current, fields, transport);
    await send(attempt.current);
  };

  const onInput = (event: InputEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
    if (!hydrated) return;
    edited.current = true;
    keepDraft();
  };

  return (
    <form
      ref={formRef}
      method="post"
      action={action}
      encType={form.encoding === 'multipart' ? 'multipart/form-data' : 'application/x-www-form-urlencoded'}
      noValidate
      aria-labelledby={formHeadingId(form.id)}
      // onSubmit stops the browser's own post before its first await, and sendLead turns a failed
      // request into an outcome it shows: there is nothing for React to wait for.
      onSubmit={(event) => void onSubmit(event)}
      onInput={onInput}
      className="grid gap-4 @lg:grid-cols-2"
    >
      {form.fields.map((field) => (
        <FormField
          key={`${field.name}-${resetCount}`}
          field={field}
          text={words.fields[field.name]!}
          counterWords={words.counter}
          lang={words.lang}
          formId={form.id}
          error={errors[field.name]}
          initialValue={resetCount === 0 ? returned?.values[field.name] : undefined}
        />
      ))}
      {form.travellers && (
        <TravellerPicker
          picker={form.travellers}
          text={words.travellers}
          saveLabel={words.save}
          formId={form.id}
          counts={counts}
          onSave={(saved) => {
            edited.current = true;
            setCounts(saved);
          }}
          hydrated={hydrated}
          errors={errors}
          takeFocus={countsHadFocus}
        />
      )}
      {form.interest && (
        <InterestFields
          key={`interest-${resetCount}`}
          form={form}
          text={words.interest}
          lang={words.lang}
          errors={errors}
          values={resetCount === 0 ? returned?.values : undefined}
        />
      )}
      {answerName && (
        <CaptchaField
          name={answerName}
          formId={form.id}
          text={words.captcha}
          lang={words.lang}
          captcha={captcha}
          error={errors[answerName]}
          onRefresh={newQuestion}
          hydrated={hydrated}
        />
      )}
      {Object.entries({ ...form.constants, ...pageValues }).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {/* Where the visit began: the server fills it for a visitor from elsewhere, the tab's record replaces it on send. */}
      <input type="hidden" name={TOUCH_FIELD} value={returned?.touch ?? ''} />
      {translated && <input type="hidden" name={LANGUAGE_FIELD} value={words.lang} />}
      <div className="honeypot" aria-hidden="true">
        <label>
          {words.honeypot}
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <div className="@lg:col-span-2">
        {/* Enabled in the server HTML: without scripts the browser posts the form itself. */}
        <button type="submit" className="btn-primary w-full @lg:w-auto" disabled={status.kind === 'busy'}>
          {status.kind === 'busy' ? words.busy : words.submit}
        </button>
      </div>
      <FormStatus
        status={status}
        retryLabel={words.tryAgain}
        onRetry={() => {
          if (attempt.current) void send(attempt.current);
        }}
      />
    </form>
  );
}

/**
 * The form in one language, as the island a page places: the words come with the island's code, the
 * English with this module's, each other language's with its own small module (LeadFormUr,
 * LeadFormAr, LeadFormBn), so a page never carries them again as props beside the form it draws with
 * them, and no island bundles another language's. The server draws the form from the same dictionary
 * (`formTextIn`), so hydration finds the words it rendered. Worked out once per form.
 */
export function leadFormIn(dictionary: FormWords, lang: Language) {
  const texts = new WeakMap<FormDef, FormText>();
  return function LeadFormIn({ formId, ...props }: LeadFormProps) {
    const form: FormDef = FORMS[formId];
    let words = texts.get(form);
    if (!words) texts.set(form, (words = formText(form, dictionary, lang)));
    return <LeadForm form={form} words={words} {...props} />;
  };
}

/** The enquiry form in English. */
export default leadFormIn(english, 'en');

/** The traveller counts the server returned, or the defaults. */
function countsOf(form: FormDef, returned: ReturnedForm | undefined): Counts {
  if (!form.travellers || !returned) return DEFAULT_COUNTS;
  const count = (name: string, fallback: number) => {
    const value = Number.parseInt(returned.values[name] ?? '', 10);
    return Number.isInteger(value) && value >= 0 ? value : fallback;
  };
  return {
    adults: count(form.travellers.adults, DEFAULT_COUNTS.adults),
    children: count(form.travellers.children, DEFAULT_COUNTS.children),
  };
}
