/**
 * Renders the PNG icons from assets/icon.svg (the one source of the logo). The outputs are
 * committed; run this again only when the logo changes: node scripts/tools/render-icons.mjs
 *
 * - app/icon.png (96×96), app/apple-icon.png (180×180) and app/favicon.ico (16, 32, 48): Next.js
 *   links them itself. Not the SVG: a browser builds a whole SVG document on the page's main thread
 *   to draw an SVG favicon, a long task on every page load; a PNG is decoded off it.
 * - public/icons/icon-{192,512}.png and icon-maskable-512.png: listed by app/manifest.ts.
 *
 * The apple-touch and maskable icons are full-bleed squares: iOS and Android cut their own shape,
 * and transparent rounded corners would show as black.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';

const svg = readFileSync('assets/icon.svg', 'utf8');
const fullBleed = svg.replace(/\s+rx="[^"]*"/, '');
if (fullBleed === svg) throw new Error('assets/icon.svg: expected a rounded background rect (rx) to square off');

function png(source, size) {
  return new Resvg(source, { fitTo: { mode: 'width', value: size } }).render().asPng();
}

/** An .ico holding PNG images (supported by every browser that still asks for favicon.ico). */
function ico(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  const entries = [];
  let offset = 6 + 16 * images.length;
  for (const { size, data } of images) {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    entries.push(entry);
  }
  return Buffer.concat([header, ...entries, ...images.map((image) => image.data)]);
}

mkdirSync('public/icons', { recursive: true });
const outputs = {
  'app/icon.png': png(svg, 96),
  'app/apple-icon.png': png(fullBleed, 180),
  'app/favicon.ico': ico([16, 32, 48].map((size) => ({ size, data: png(svg, size) }))),
  'public/icons/icon-192.png': png(svg, 192),
  'public/icons/icon-512.png': png(svg, 512),
  'public/icons/icon-maskable-512.png': png(fullBleed, 512),
};
for (const [file, data] of Object.entries(outputs)) {
  writeFileSync(file, data);
  console.log(`${file} (${data.length} bytes)`);
}
