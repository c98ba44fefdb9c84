import { describe, expect, it } from 'vitest';
import { factText } from '@/lib/fact-lookup';
import { parseFacts } from '@/lib/facts-schema';
import { settings } from '@/lib/facts';

/** The two dollar amounts of a printed range such as "about $140 to $280". */
function amounts(name: string): [number, number] {
  const text = factText(name);
  const found = [...(text ?? '').matchAll(/\$([\d,]+)/g)].map((match) => Number(match[1]!.replaceAll(',', '')));
  expect(found, `${name}: ${text}`).toHaveLength(2);
  return found as [number, number];
}

describe("the costs guide's sample budget", () => {
  it('prints a total that is the sum of the lines a reader sees, with seven days of meals', () => {
    const [dayLow, dayHigh] = amounts('budget.mealsPerDay');
    expect(amounts('budget.mealsWeek')).toEqual([dayLow * 7, dayHigh * 7]);
    const lines = ['budget.mealsWeek', 'budget.taxisPerWeek', 'budget.dataPlan', 'budget.gifts'].map(amounts);
    const sum = lines.reduce(([low, high], [lineLow, lineHigh]) => [low + lineLow, high + lineHigh], [0, 0]);
    expect(amounts('budget.weekTotal')).toEqual(sum);
  });

  it('rejects an estimate whose high is below its low, naming the field', () => {
    const broken = structuredClone(settings);
    broken.facts.budget.gifts = { low: 300, high: 100 };
    expect(() => parseFacts(broken)).toThrow(/facts\.budget\.gifts\.high/);
  });
});
