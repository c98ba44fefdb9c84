import type { FormDef } from '../../src/lib/forms/types.ts';

/**
 * The 18 enquiry forms are one island driven by their definitions. What changes how it behaves in a
 * browser is the encoding, the sum, the traveller picker and the kinds of field (a select with or
 * without an empty first option, a counted message, a date); names, labels and texts are data,
 * checked for every form without a browser (tests/e2e/forms-http.spec.ts and the unit tests). So
 * the browser's form specs run once per shape, or for every form with `FORMS=all`.
 */

/** What about a form changes its behaviour in the browser, as one comparable string. */
export function formShape(def: FormDef): string {
  const fields = def.fields.map((field) =>
    [
      field.kind,
      field.required ? 'required' : 'optional',
      field.kind === 'select' ? (field.placeholder ? 'placeholder' : 'first-option') : (field.counter ?? ''),
    ].join(':'),
  );
  return JSON.stringify({
    encoding: def.encoding,
    captcha: Boolean(def.captcha),
    travellers: def.travellers?.label ?? null,
    fields: [...new Set(fields)].sort(),
  });
}

/** The first form of each shape, in the given order. */
export function oneFormPerShape<Id extends string>(forms: readonly { id: Id; def: FormDef }[]): Id[] {
  const shapes = new Map<string, Id>();
  for (const { id, def } of forms) if (!shapes.has(formShape(def))) shapes.set(formShape(def), id);
  return [...shapes.values()];
}
