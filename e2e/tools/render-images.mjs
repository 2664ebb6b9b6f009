// Renders the app's PNG icons from public/icons/icon.svg and the plain map tile the browser tests
// serve instead of real tiles. Run once after changing the SVG: node e2e/tools/render-images.mjs
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const ROOT = join(import.meta.dirname, '..', '..');
const svg = readFileSync(join(ROOT, 'public/icons/icon.svg'), 'utf8');
const SYSTEM_CHROMIUM = '/usr/bin/chromium';

const browser = await chromium.launch(
  existsSync(SYSTEM_CHROMIUM) ? { executablePath: SYSTEM_CHROMIUM, args: ['--no-sandbox'] } : {},
);
const page = await browser.newPage();

async function render(html, size, file) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg,div{display:block;width:${size}px;height:${size}px}</style>${html}`,
  );
  await page.screenshot({ path: join(ROOT, file), omitBackground: true });
  console.log('wrote', file);
}

// "any" icons keep the rounded square; the maskable one fills the canvas and keeps the drawing
// inside the central safe zone, as launchers crop it to their own shape.
const maskable = svg
  .replace('rx="96"', 'rx="0"')
  .replace('<g>', '<g transform="translate(51.2 51.2) scale(0.8)"><g>')
  .replace(/<\/g>\s*<\/svg>/, '</g></g></svg>')
  .replace('<path d="M150 330', '<path transform="translate(51.2 51.2) scale(0.8)" d="M150 330');

await render(svg, 192, 'public/icons/icon-192.png');
await render(svg, 512, 'public/icons/icon-512.png');
await render(maskable, 512, 'public/icons/icon-maskable-512.png');
await render(svg.replace('rx="96"', 'rx="0"'), 180, 'public/icons/apple-touch-icon.png');

// The test tile: a light street-map-like grid, so screenshots look like a map without the internet.
const tile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256">
  <rect width="256" height="256" fill="#eef0e8"/>
  <path d="M0 64H256M0 192H256M64 0V256M192 0V256" stroke="#ffffff" stroke-width="10"/>
  <path d="M0 128H256M128 0V256" stroke="#fcd98a" stroke-width="14"/>
  <rect x="80" y="80" width="36" height="36" fill="#cfe6c4"/>
</svg>`;
await render(tile, 256, 'e2e/fixtures/tile.png');

await browser.close();
