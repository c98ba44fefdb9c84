// subset-font ships no types and @types/subset-font predates `keepFeatures`; this covers what we call.
declare module 'subset-font' {
  interface AxisRange {
    min: number;
    max: number;
    default?: number;
  }
  interface SubsetFontOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2';
    variationAxes?: Record<string, number | AxisRange>;
    keepFeatures?: string[];
    preserveNameIds?: number[];
  }
  export default function subsetFont(buffer: Buffer, text: string, options?: SubsetFontOptions): Promise<Buffer>;
}
