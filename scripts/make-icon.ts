/**
 * `npx tsx scripts/make-icon.ts`: renders build/icon.svg to build/icon.png (1024×1024) with the
 * system Chromium. electron-builder derives the platform icon formats from that PNG. Run it after
 * changing the SVG and commit both files.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const buildDir = fileURLToPath(new URL('../build/', import.meta.url));
const svg = readFileSync(`${buildDir}icon.svg`, 'utf8');

const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1024, height: 1024 } });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  const png = await page.locator('svg').screenshot({ omitBackground: true });
  writeFileSync(`${buildDir}icon.png`, png);
  console.log(`Wrote ${buildDir}icon.png (${png.length} bytes)`);
} finally {
  await browser.close();
}
