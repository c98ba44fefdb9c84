import { proseDigits } from '../numbers.ts';

/** A number or figure in the Bengali digits the rest of a Bengali page is written in ("১২"). */
export const digits = (value: number | string): string => proseDigits(value, 'bn');
