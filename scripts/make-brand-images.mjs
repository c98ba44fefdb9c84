#!/usr/bin/env node
/**
 * Renders the raster brand images in public/ from the SVG sources in src/assets/brand/.
 *
 *   node scripts/make-brand-images.mjs
 *
 * - public/favicon-32.png                          <- public/favicon.svg (larger mark, legible at 16-32 px)
 * - public/icon-192.png                            <- icon.svg (rounded square, transparent corners)
 * - public/apple-touch-icon.png, public/icon-512.png <- icon.svg flattened onto emerald (full bleed:
 *   iOS fills transparency with black, and the 512 is also the "maskable" icon; the mark stays
 *   inside the central 80% safe zone)
 * - public/og-default.png (1200x630)                 <- og-default.svg
 *
 * SVG text is rendered by librsvg with the fonts installed on this machine (fontconfig), so
 * og-default.svg lists installed fallbacks (Liberation / DejaVu). Idempotent: a file is only
 * rewritten when its bytes change.
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pub = path.join(root, 'public');
const EMERALD = '#0f5a43';

/** @type {{ src: string; out: string; width: number; height: number; flatten?: boolean; png: import('sharp').PngOptions }[]} */
const jobs = [
  { src: 'public/favicon.svg', out: 'favicon-32.png', width: 32, height: 32, png: { palette: true, colours: 64 } },
  {
    src: 'src/assets/brand/icon.svg',
    out: 'apple-touch-icon.png',
    width: 180,
    height: 180,
    flatten: true,
    png: { palette: true },
  },
  { src: 'src/assets/brand/icon.svg', out: 'icon-192.png', width: 192, height: 192, png: { palette: true } },
  {
    src: 'src/assets/brand/icon.svg',
    out: 'icon-512.png',
    width: 512,
    height: 512,
    flatten: true,
    png: { palette: true },
  },
  { src: 'src/assets/brand/og-default.svg', out: 'og-default.png', width: 1200, height: 630, png: { palette: true } },
];

/** Width of the SVG's viewBox, so it can be rasterised at the target size instead of scaled. */
function viewBoxWidth(svg) {
  const m = /viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)/.exec(svg);
  if (!m) throw new Error('SVG has no viewBox');
  return Number(m[1]);
}

async function render({ src, out, width, height, flatten, png }) {
  const svg = await readFile(path.join(root, src));
  const density = (72 * width) / viewBoxWidth(svg.toString('utf8'));
  let img = sharp(svg, { density }).resize(width, height, { fit: 'fill' });
  if (flatten) img = img.flatten({ background: EMERALD });
  const buf = await img.png({ compressionLevel: 9, effort: 10, ...png }).toBuffer();

  const target = path.join(pub, out);
  const old = await readFile(target).catch(() => null);
  const changed = !old || !old.equals(buf);
  if (changed) await writeFile(target, buf);
  console.log(
    `${changed ? 'wrote  ' : 'same   '} public/${out}  ${width}x${height}  ${(buf.length / 1024).toFixed(1)} KB`,
  );
}

await mkdir(pub, { recursive: true });
for (const job of jobs) await render(job);
