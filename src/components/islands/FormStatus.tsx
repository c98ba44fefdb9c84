import Glyph from './Glyph';

export type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'success' | 'error'; text: string };

/** The form's live region: always present, so screen readers announce what appears in it. */
export default function FormStatus({ status }: { status: Status }) {
  return (
    <div role="status" className="@lg:col-span-2">
      {(status.kind === 'success' || status.kind === 'error') && (
        <p className={status.kind === 'success' ? 'form-status-success' : 'form-status-error'}>
          <Glyph name={status.kind === 'success' ? 'check' : 'alert'} className="size-5 shrink-0" />
          {status.text}
        </p>
      )}
    </div>
  );
}
