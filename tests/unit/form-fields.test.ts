import { describe, expect, it } from 'vitest';
import { FORMS } from '@/lib/forms/definitions';
import {
  contactFields,
  countSelect,
  LOWER_TRAVEL_NAMES,
  messageField,
  numberOptions,
  travellerInquiry,
} from '@/lib/forms/fields';

const NAMES = { name: 'full_name', email: 'Email', phone: 'Phone' };

describe('form field builders', () => {
  it('send name, email and phone under the given names, the phone optional when null', () => {
    expect(contactFields(NAMES, { bounded: false }).map((field) => [field.name, field.role])).toEqual([
      ['full_name', 'name'],
      ['Email', 'email'],
      ['Phone', 'phone'],
    ]);
    const optional = contactFields(NAMES, null)[2]!;
    expect(optional).toMatchObject({ required: false, label: 'phoneOptional' });
    expect(optional).not.toHaveProperty('maxLength');
    expect(contactFields(NAMES, { bounded: true })[2]).toMatchObject({
      required: true,
      label: 'phone',
      minLength: 10,
      maxLength: 20,
    });
  });

  it('hold the message to 500 characters and name an optional one so', () => {
    expect(messageField('message', true)).toMatchObject({ role: 'message', label: 'message', maxLength: 500 });
    expect(messageField('notes', false, 'maximum')).toMatchObject({
      label: 'messageOptional',
      required: false,
      counter: 'maximum',
    });
  });

  it('number the choices, the last said as the cap where one is given', () => {
    expect(numberOptions(0, 2)).toEqual([
      { value: '0', label: '0' },
      { value: '1', label: '1' },
      { value: '2', label: '2' },
    ]);
    expect(numberOptions(1, 5, '5+').at(-1)).toEqual({ value: '5', label: '5+' });
  });

  it('open a party-size select on its first number, sent under its role', () => {
    expect(countSelect('children', numberOptions(0, 4))).toMatchObject({
      name: 'children',
      role: 'children',
      required: true,
      placeholder: 'select',
      initial: '0',
    });
  });

  it("give an inquiry the picker and captcha under its names, the page's own parts winning", () => {
    const { id, placement, group, heading, intro, messages } = FORMS.umrah;
    const page = { id, placement, group, heading, intro, messages };
    expect(travellerInquiry(page, LOWER_TRAVEL_NAMES)).toMatchObject({
      encoding: 'urlencoded',
      travellers: { adults: 'adults', children: 'children', label: 'total' },
      captcha: 'answer',
      submitLabel: 'sendInquiry',
    });
    const multipart = travellerInquiry({ ...page, encoding: 'multipart' }, LOWER_TRAVEL_NAMES, false);
    expect(multipart.encoding).toBe('multipart');
    expect(multipart.fields[2]).not.toHaveProperty('minLength');
  });
});
