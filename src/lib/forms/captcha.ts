import { latinDigits } from '../digits.ts';

/** Whether a typed answer is the sum, in whichever script's digits it was typed ("7", "٧", "۷", "৭"). */
export function answersSum(answer: string, sum: number): boolean {
  return Number(latinDigits(answer).trim()) === sum;
}
