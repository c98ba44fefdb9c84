import { describe, expect, it } from 'vitest';
import { SERIES_STYLES, groupedBarChart, horizontalBarChart, niceTicks, stackedBarChart } from '@/lib/desk/charts';

/** WCAG's contrast ratio of a #rrggbb colour against white. */
function contrastOnWhite(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05);
}

describe('niceTicks', () => {
  it('steps by 1, 2 or 5 times a power of ten up to at least the maximum', () => {
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(niceTicks(47)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(niceTicks(1234)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
  });

  it('never steps by fractions of a lead, and has an axis with nothing to show', () => {
    expect(niceTicks(1)).toEqual([0, 1]);
    expect(niceTicks(0)).toEqual([0, 1]);
    for (let max = 1; max < 2000; max += 7) {
      const ticks = niceTicks(max);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks.every((tick) => Number.isInteger(tick))).toBe(true);
      expect(ticks.length).toBeLessThanOrEqual(11);
    }
  });
});

describe('stackedBarChart', () => {
  const chart = stackedBarChart({
    categories: [{ label: 'Nov 16' }, { label: 'Nov 23', note: 'so far' }, { label: 'Nov 30' }],
    values: [
      [3, 0, 2],
      [1, 1, 1],
      [0, 0, 0],
    ],
  });

  it('stacks each bar bottom up, its segments touching, heights in proportion', () => {
    const [first] = chart.bars;
    expect(first!.total).toBe(5);
    expect(first!.segments.map((segment) => segment.series)).toEqual([0, 2]);
    const [bottom, top] = first!.segments;
    expect(bottom!.y + bottom!.height).toBeCloseTo(chart.plot.bottom);
    expect(top!.y + top!.height).toBeCloseTo(bottom!.y);
    expect(bottom!.height / top!.height).toBeCloseTo(3 / 2);
    expect(first!.top).toBeCloseTo(top!.y);
  });

  it('puts the axis top at the highest tick and every bar inside the plot', () => {
    expect(chart.ticks.map((tick) => tick.value)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(chart.ticks[0]!.position).toBe(chart.plot.bottom);
    expect(chart.ticks.at(-1)!.position).toBe(chart.plot.top);
    for (const bar of chart.bars) {
      expect(bar.x).toBeGreaterThanOrEqual(chart.plot.left);
      expect(bar.x + bar.width).toBeLessThanOrEqual(chart.plot.right);
    }
    expect(chart.bars[1]!.note).toBe('so far');
    expect(chart.bars[2]!.segments).toEqual([]);
    expect(chart.bars[2]!.top).toBe(chart.plot.bottom);
  });
});

describe('groupedBarChart', () => {
  const chart = groupedBarChart({
    categories: [{ label: 'Nov 16' }, { label: 'Nov 23', note: 'so far' }],
    values: [
      [4, 2],
      [0, 1],
    ],
  });

  it('stands the series side by side on the axis, within their bar, heights in proportion to the tallest', () => {
    const [first, second] = chart.bars;
    const [sent, accepted] = first!.segments;
    expect(chart.ticks.map((tick) => tick.value)).toEqual([0, 1, 2, 3, 4]);
    expect(sent!.y + sent!.height).toBeCloseTo(chart.plot.bottom);
    expect(accepted!.y + accepted!.height).toBeCloseTo(chart.plot.bottom);
    expect(sent!.height / accepted!.height).toBeCloseTo(2);
    expect(sent!.y).toBeCloseTo(chart.plot.top);
    expect(sent!.x).toBeCloseTo(first!.x);
    expect(accepted!.x).toBeCloseTo(sent!.x + sent!.width);
    expect(accepted!.x + accepted!.width).toBeCloseTo(first!.x + first!.width);
    expect(first!.top).toBeCloseTo(sent!.y);
    // A series with nothing draws nothing, and the other keeps its own place.
    expect(second!.segments.map((segment) => [segment.series, segment.x - second!.x])).toEqual([
      [1, expect.closeTo(sent!.width)],
    ]);
  });

  it('has an axis with nothing to show', () => {
    const empty = groupedBarChart({ categories: [{ label: 'Nov 16' }], values: [[0, 0]] });
    expect(empty.bars[0]!.segments).toEqual([]);
    expect(empty.bars[0]!.top).toBe(empty.plot.bottom);
    expect(empty.ticks.map((tick) => tick.value)).toEqual([0, 1]);
  });
});

describe('horizontalBarChart', () => {
  const chart = horizontalBarChart({
    items: [
      { label: 'Chicago Umrah page', value: 30, text: '30 (60%)' },
      { label: 'Contact page', value: 15, text: '15 (30%)' },
      { label: 'Hajj packages page', value: 0, text: '0' },
    ],
  });

  it('draws bars in proportion on rows that do not overlap, each label above its bar', () => {
    const [first, second, third] = chart.bars;
    expect(first!.width / second!.width).toBeCloseTo(2);
    expect(third!.width).toBe(0);
    expect(second!.labelY).toBeGreaterThan(first!.y + first!.height);
    for (const bar of chart.bars) expect(bar.labelY).toBeLessThan(bar.y);
    expect(chart.height).toBeGreaterThan(third!.y + third!.height);
  });

  it('keeps room after the longest bar for its text', () => {
    const longest = chart.bars[0]!;
    expect(chart.plot.left + longest.width).toBeLessThanOrEqual(chart.plot.right);
    expect(chart.width - chart.plot.right).toBeGreaterThanOrEqual(60);
    expect(chart.ticks.at(-1)!.position).toBe(chart.plot.right);
  });
});

describe('SERIES_STYLES', () => {
  it('tells series apart by their marks and keeps 3:1 contrast against the white card', () => {
    expect(new Set(SERIES_STYLES.map((style) => style.mark)).size).toBe(SERIES_STYLES.length);
    for (const style of SERIES_STYLES) expect(contrastOnWhite(style.fill)).toBeGreaterThanOrEqual(3);
  });
});
