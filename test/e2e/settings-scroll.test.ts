/**
 * Settings scroll with the page (#27 item 8): at a short and a tall window, Personal settings and
 * Organization settings scroll inside the main area down to their last control, and no blank band
 * is left between the content and the window's bottom edge (nor does the window itself scroll).
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, UI_TIMEOUT, type E2eApp, startSignedInAsOwner } from './support';

let app: E2eApp;
let page: Page;

interface Layout {
  /** How far the window itself scrolls (it should not: the main area does). */
  windowOverflow: number;
  /** Blank space between the bottom of the screen's box and the window's bottom edge. */
  bandBelowScreen: number;
  /** After scrolling the main area to its end: blank space below the last control. */
  bandBelowLast: number;
  /** Whether the screen's content is taller than the main area (so it scrolls). */
  scrolls: boolean;
  /** Whether the last control is inside the window once scrolled to the end. */
  lastVisible: boolean;
}

/** Scrolls the screen named `label` to its end and measures what is left below its content. */
function measure(label: string): Promise<Layout> {
  return page.evaluate(async (name) => {
    const screen = document.querySelector<HTMLElement>(`section[aria-label="${name}"]`)!;
    let scroller: HTMLElement | null = screen;
    while (
      scroller &&
      !(scroller.scrollHeight > scroller.clientHeight && /auto|scroll/.test(getComputedStyle(scroller).overflowY))
    )
      scroller = scroller.parentElement;
    // Parts of a screen load after it shows (profile fields, groups): scroll to the end until the
    // content has stopped growing, then measure.
    const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    for (let height = -1, i = 0; scroller && scroller.scrollHeight !== height && i < 50; i++) {
      height = scroller.scrollHeight;
      scroller.scrollTo({ top: height });
      await frames();
      await new Promise((r) => setTimeout(r, 100));
    }
    await frames();
    // What is drawn, down to any inner scrolled list (its box counts, not the rows it hides).
    const drawn: HTMLElement[] = [];
    const walk = (e: HTMLElement): void => {
      for (const child of e.children as HTMLCollectionOf<HTMLElement>) {
        if (child.getClientRects().length === 0 || getComputedStyle(child).visibility === 'hidden') continue;
        drawn.push(child);
        if (!/auto|scroll/.test(getComputedStyle(child).overflowY)) walk(child);
      }
    };
    walk(screen);
    const controls = drawn.filter((e) => e.children.length === 0 || /auto|scroll/.test(getComputedStyle(e).overflowY));
    const lastBottom = Math.max(...controls.map((e) => e.getBoundingClientRect().bottom));
    const screenBottom = screen.getBoundingClientRect().bottom;
    const viewBottom = Math.min(window.innerHeight, scroller?.getBoundingClientRect().bottom ?? window.innerHeight);
    return {
      windowOverflow: document.documentElement.scrollHeight - window.innerHeight,
      bandBelowScreen: window.innerHeight - Math.max(screenBottom, viewBottom),
      bandBelowLast: viewBottom - lastBottom,
      scrolls: scroller !== null,
      lastVisible: lastBottom <= window.innerHeight + 1,
    };
  }, label);
}

beforeAll(async () => {
  app = await startSignedInAsOwner('settings-scroll');
  page = app.page;
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe.each([700, 1000])('settings at 1280×%i', (height) => {
  it.each(['Personal settings', 'Organization settings'])('%s scroll to the end with no blank band', async (label) => {
    await page.setViewportSize({ width: 1280, height });
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: label, exact: true }).click();
    await page.getByRole('region', { name: label }).waitFor({ timeout: UI_TIMEOUT });
    await page.waitForLoadState('networkidle').catch(() => undefined);
    const layout = await measure(label);
    await page.screenshot({
      path: join(ARTIFACTS, `settings-scroll-${label.split(' ')[0]!.toLowerCase()}-${height}.png`),
    });
    expect(layout.windowOverflow).toBeLessThanOrEqual(0);
    expect(layout.lastVisible).toBe(true);
    expect(layout.bandBelowScreen).toBeLessThanOrEqual(1);
    // Content that fills the window ends at its bottom (the padding only), not above a blank band.
    if (layout.scrolls) expect(layout.bandBelowLast).toBeLessThan(48);
  });
});
