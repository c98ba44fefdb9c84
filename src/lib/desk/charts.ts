/**
 * The geometry of the desk's server-rendered SVG charts: plain numbers in viewBox units, so the
 * components only draw. Sizes are chosen for a 390 px screen as much as for a desktop: the charts
 * scale with their viewBox, and a narrow viewBox keeps their text readable when scaled down.
 */

/** One tick on a value axis: the value and where it sits along the axis. */
export interface Tick {
  value: number;
  position: number;
}

/** "Nice" steps for a value axis from 0 up to at least `max`: 1, 2 or 5 times a power of ten, whole numbers. */
export function niceTicks(max: number, target = 5): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / Math.max(1, target);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(
    1,
    [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!,
  );
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let value = 0; value <= top; value += step) ticks.push(value);
  return ticks;
}

export interface StackedInput {
  /** One label per bar, with an optional second line ("so far"). */
  categories: readonly { label: string; note?: string | undefined }[];
  /** values[bar][series] */
  values: readonly (readonly number[])[];
}

export interface StackedSegment {
  series: number;
  value: number;
  /** Its left edge and width: the whole bar's when stacked, a share of it side by side. */
  x: number;
  width: number;
  y: number;
  height: number;
}

export interface StackedBar {
  x: number;
  width: number;
  /** Where the bar's label and its total are centred. */
  centre: number;
  total: number;
  /** The top of the stack, where its total is written above it. */
  top: number;
  label: string;
  note: string | undefined;
  segments: StackedSegment[];
}

export interface StackedChart {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  ticks: Tick[];
  bars: StackedBar[];
}

const STACKED = { width: 360, height: 250, left: 34, right: 4, top: 20, bottom: 50, gap: 0.25 };

/** Vertical bars, one per category: the plot, its axis of nice ticks up to `max`, and each category's slot. */
function columnFrame(count: number, max: number) {
  const { width, height, left, right, top, bottom, gap } = STACKED;
  const plot = { left, right: width - right, top, bottom: height - bottom };
  const tickValues = niceTicks(Math.max(0, max));
  const scaleMax = tickValues.at(-1)!;
  const y = (value: number) => plot.bottom - (value / scaleMax) * (plot.bottom - plot.top);
  const band = (plot.right - plot.left) / Math.max(1, count);
  const barWidth = band * (1 - gap);
  return {
    width,
    height,
    plot,
    ticks: tickValues.map((value) => ({ value, position: y(value) })),
    y,
    barWidth,
    barX: (index: number) => plot.left + band * index + (band - barWidth) / 2,
  };
}

/** A vertical bar per category, its series stacked bottom up, on an axis of nice ticks. */
export function stackedBarChart(input: StackedInput): StackedChart {
  const totals = input.values.map((row) => row.reduce((sum, value) => sum + value, 0));
  const { y, barWidth, barX, ...frame } = columnFrame(input.categories.length, Math.max(0, ...totals));
  const bars = input.categories.map((category, index) => {
    const x = barX(index);
    let base = 0;
    const segments: StackedSegment[] = [];
    (input.values[index] ?? []).forEach((value, series) => {
      if (value <= 0) return;
      segments.push({ series, value, x, width: barWidth, y: y(base + value), height: y(base) - y(base + value) });
      base += value;
    });
    return {
      x,
      width: barWidth,
      centre: x + barWidth / 2,
      total: totals[index] ?? 0,
      top: y(base),
      label: category.label,
      note: category.note,
      segments,
    };
  });
  return { ...frame, bars };
}

/** A group of bars per category, one per series side by side from the axis, on an axis of nice ticks up to the tallest. */
export function groupedBarChart(input: StackedInput): StackedChart {
  const seriesCount = Math.max(1, ...input.values.map((row) => row.length));
  const { y, barWidth, barX, ...frame } = columnFrame(input.categories.length, Math.max(0, ...input.values.flat()));
  const bars = input.categories.map((category, index) => {
    const x = barX(index);
    const row = input.values[index] ?? [];
    const segments = row.flatMap((value, series) =>
      value > 0
        ? [
            {
              series,
              value,
              x: x + (barWidth / seriesCount) * series,
              width: barWidth / seriesCount,
              y: y(value),
              height: y(0) - y(value),
            },
          ]
        : [],
    );
    return {
      x,
      width: barWidth,
      centre: x + barWidth / 2,
      total: row.reduce((sum, value) => sum + value, 0),
      top: Math.min(y(0), ...segments.map((segment) => segment.y)),
      label: category.label,
      note: category.note,
      segments,
    };
  });
  return { ...frame, bars };
}

export interface HorizontalInput {
  items: readonly { label: string; value: number; text: string }[];
}

export interface HorizontalBar {
  label: string;
  /** What is written after the bar: the value and, where it helps, its share. */
  text: string;
  value: number;
  /** The label's baseline; the bar sits on the line below it. */
  labelY: number;
  y: number;
  width: number;
  height: number;
}

export interface HorizontalChart {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  ticks: Tick[];
  bars: HorizontalBar[];
}

const HORIZONTAL = { width: 360, left: 4, right: 84, top: 8, row: 40, label: 15, bar: 16, axis: 24 };

/** A bar per item, its label on the line above it (so long page names fit a phone) and its text after it. */
export function horizontalBarChart(input: HorizontalInput): HorizontalChart {
  const { width, left, right, top, row, label, bar, axis } = HORIZONTAL;
  const plot = { left, right: width - right, top, bottom: top + row * input.items.length };
  const tickValues = niceTicks(Math.max(0, ...input.items.map((item) => item.value)), 4);
  const scaleMax = tickValues.at(-1)!;
  const x = (value: number) => ((plot.right - plot.left) * value) / scaleMax;
  const bars = input.items.map((item, index) => {
    const rowTop = plot.top + row * index;
    return {
      label: item.label,
      text: item.text,
      value: item.value,
      labelY: rowTop + label - 3,
      y: rowTop + label,
      width: x(item.value),
      height: bar,
    };
  });
  return {
    width,
    height: plot.bottom + axis,
    plot,
    ticks: tickValues.map((value) => ({ value, position: plot.left + x(value) })),
    bars,
  };
}

/**
 * How each series of a stacked chart is told apart without colour: a fill dark enough for 3:1
 * against the white card, and its own mark (none, stripes, dots, cross-hatching) in white over it.
 */
export const SERIES_STYLES = [
  { fill: '#0f5a43', mark: 'solid' },
  { fill: '#8a6516', mark: 'stripes' },
  { fill: '#2f4858', mark: 'dots' },
  { fill: '#7a3e2b', mark: 'hatch' },
] as const;

/** The style of series `index`, the styles repeating if a chart ever has more series than styles. */
export function seriesStyle(index: number): (typeof SERIES_STYLES)[number] {
  return SERIES_STYLES[index % SERIES_STYLES.length]!;
}
