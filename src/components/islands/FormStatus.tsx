import Glyph from './Glyph';

export type Status =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'success'; text: string }
  /** `retry`: the send never got a usable answer (network, timeout, server fault), so it may be repeated as is. */
  | { kind: 'error'; text: string; retry?: boolean };

interface Props {
  status: Status;
  onRetry: () => void;
  /** "Try again" in the form's language. */
  retryLabel: string;
}

/** The form's live region (always present, so screen readers announce what appears in it) and its "Try again". */
export default function FormStatus({ status, onRetry, retryLabel }: Props) {
  return (
    <div className="grid gap-3 @lg:col-span-2">
      <div role="status">
        {(status.kind === 'success' || status.kind === 'error') && (
          <p className={status.kind === 'success' ? 'form-status-success' : 'form-status-error'}>
            <Glyph name={status.kind === 'success' ? 'check' : 'alert'} className="size-5 shrink-0" />
            {status.text}
          </p>
        )}
      </div>
      {status.kind === 'error' && status.retry && (
        <button type="button" className="btn-outline justify-self-start" onClick={onRetry}>
          <Glyph name="refresh" className="size-5" />
          {retryLabel}
        </button>
      )}
    </div>
  );
}
