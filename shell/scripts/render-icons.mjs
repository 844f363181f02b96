// Renders the installable app's icons (shell/public/icons/*.png) from the favicon's drawing, in
// Debian's Chromium (no image tool on the machine). Run again after changing the drawing:
//   node shell/scripts/render-icons.mjs
// "any" icons: the favicon's rounded square; "maskable": full-bleed background, the letter inside the
// central 80 % safe zone (a launcher may cut the icon to a circle).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, '..', 'public', 'icons');
const BLUE = '#3454d1';
const LETTER = '<path d="M9 22V10h8a4 4 0 0 1 0 8h-4v4z" fill="white"/>';

const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${BLUE}"/>${LETTER}</svg>`;
// The letter (x 9-21, y 10-22) scaled 0.75 around the centre: within the safe zone's circle.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BLUE}"/><g transform="translate(4 4) scale(0.75)">${LETTER}</g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: any, transparent: true },
  { file: 'icon-512.png', size: 512, svg: any, transparent: true },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable, transparent: false },
  { file: 'apple-touch-icon.png', size: 180, svg: maskable, transparent: false },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const { file, size, svg, transparent } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    await page.screenshot({ path: path.join(out, file), omitBackground: transparent });
    await page.close();
  }
} finally {
  await browser.close();
}
