import Glyph from './Glyph';

/** A field's error, with an icon so it does not rely on colour; `id` ties it to the field. */
export default function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="form-error">
      <Glyph name="alert" className="size-4 shrink-0" />
      {message}
    </p>
  );
}
