import { describe, expect, it } from 'vitest';
import { FORMS, type FormId } from '@/lib/forms/definitions';
import type { FormDef } from '@/lib/forms/types';
import { formShape, oneFormPerShape } from '../support/form-shapes';

const all = (Object.keys(FORMS) as FormId[]).map((id) => ({ id, def: FORMS[id] }));

describe('form shapes', () => {
  it('are the same for forms that differ only in names, labels and texts', () => {
    expect(formShape(FORMS.chicago)).toBe(formShape(FORMS.december));
    expect(formShape({ ...FORMS.umrah, heading: 'Another', messages: FORMS.hajj.messages })).toBe(
      formShape(FORMS.umrah),
    );
  });

  it('differ with the encoding, the sum, the picker or a kind of field', () => {
    const umrah = formShape(FORMS.umrah);
    expect(formShape({ ...FORMS.umrah, encoding: 'multipart' })).not.toBe(umrah);
    const withoutSum: FormDef = { ...FORMS.umrah };
    delete withoutSum.captcha;
    expect(formShape(withoutSum)).not.toBe(umrah);
    expect(formShape({ ...FORMS.umrah, travellers: { ...FORMS.umrah.travellers!, label: 'padded' } })).not.toBe(umrah);
    expect(formShape({ ...FORMS.umrah, fields: [...FORMS.umrah.fields, FORMS.hajj.fields.at(-1)!] })).not.toBe(umrah);
  });

  it('put every form behind one of fewer browser runs, each the first of its shape', () => {
    const chosen = oneFormPerShape(all);
    expect(chosen[0]).toBe(all[0]!.id);
    expect(chosen.length).toBeLessThan(all.length);
    const shapes = new Set(all.map(({ def }) => formShape(def)));
    expect(new Set(chosen.map((id) => formShape(FORMS[id])))).toEqual(shapes);
  });
});
