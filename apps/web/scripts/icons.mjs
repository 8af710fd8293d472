// The installed app's PNG icons, drawn once from the logo (public/favicon.svg, the same drawing index.html paints
// while the app starts) by Chromium, and committed: apps/web/public/icons/.
// - icon-192.png, icon-512.png: the logo as it is (rounded blue square, transparent corners), purpose "any";
// - maskable-512.png: full-bleed blue, the heart inside the central 80 % circle every mask keeps (purpose
//   "maskable": Android cuts it to its own shape);
// - apple-touch-icon.png (180): full-bleed too, iOS rounds the corners itself and paints transparency black.
// Usage: node apps/web/scripts/icons.mjs   (CHROMIUM_PATH overrides /usr/bin/chromium)
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright';

const web = path.resolve(import.meta.dirname, '..');
const out = path.join(web, 'public/icons');
const logo = readFileSync(path.join(web, 'public/favicon.svg'), 'utf8');
const heart = /<path d="([^"]+)"/.exec(logo)?.[1];
if (!heart) throw new Error('public/favicon.svg: the heart path was not found');

/** Full bleed: the logo's blue everywhere, the heart scaled to `scale` of the logo's size, centred. */
const fullBleed = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#54BDFF"/>` +
  `<g transform="translate(32 32) scale(${String(scale)}) translate(-32 -32)"><path d="${heart}" fill="#fff"/></g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  // The heart spans x 16..48, y ~18..50 of 64: as large as in the logo, its farthest point is ~28 % of the size
  // from the centre, inside the circle of radius 40 % a mask keeps.
  { file: 'maskable-512.png', size: 512, svg: fullBleed(1) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(1) },
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (const { file, size, svg } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const sized = svg.replace('<svg ', `<svg width="${String(size)}" height="${String(size)}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    await page.locator('svg').screenshot({ path: path.join(out, file), omitBackground: true });
    await page.close();
    console.log(`${file} ${String(size)}×${String(size)}`);
  }
} finally {
  await browser.close();
}
