/**
 * axe-core on every screen of Parley in real Chromium, in the light and the dark theme: the
 * sign-in screen, each screen of the sidebar's Views list, a channel, a topic and a DM
 * conversation, search results, and the dialogs and menus over them. Zero critical and serious
 * findings (issue 26, item 4). axe's source is evaluated in the page over the DevTools protocol,
 * which the page's Content-Security-Policy does not govern.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../devserver/support';
import { adminTabs, everyScreen, settle, type Screen } from './every-screen';
import { ARTIFACTS, openChannelFromSidebar, signInThroughUi, startE2eApp, UI_TIMEOUT, type E2eApp } from './support';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let app: E2eApp;
let page: Page;

interface Finding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The critical and serious findings of axe on the page as it is now. */
async function scan(): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: string[] }> }>;
    }
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
}

/** Which theme the page paints now (the root's background). */
const background = (): Promise<string> =>
  page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

/** Opens the Inbox with its first group open or collapsed (the state outlives the screen). */
async function setFirstInboxGroup(expanded: boolean): Promise<void> {
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Inbox', exact: true }).click();
  const header = page
    .getByRole('region', { name: 'Inbox' })
    .getByRole('heading', { level: 2 })
    .first()
    .getByRole('button');
  await header.waitFor({ timeout: UI_TIMEOUT });
  if ((await header.getAttribute('aria-expanded')) !== String(expanded)) await header.click();
  await expect.poll(() => header.getAttribute('aria-expanded'), { timeout: UI_TIMEOUT }).toBe(String(expanded));
}

/** States of screens that only this sweep looks at: an open row menu, a collapsed group, a dialog. */
const axeOnly = (): Screen[] => [
  {
    name: 'Inbox with a row menu open',
    open: async () => {
      // Something unread, whatever the screens before marked read (the Combined feed reads all).
      const member = await login(app.server, app.server.byRole(400));
      await member.ok('POST', '/messages', { type: 'channel', to: 'general', topic: 'axe inbox', content: 'Unread' });
      await setFirstInboxGroup(true);
      await page
        .getByRole('region', { name: 'Inbox' })
        .getByRole('button', { name: /^Conversation options for / })
        .first()
        .click();
      await page.getByRole('menu').waitFor({ timeout: UI_TIMEOUT });
    },
  },
  { name: 'Inbox with a group collapsed', open: () => setFirstInboxGroup(false) },
  {
    name: 'move topic dialog from a recipient bar',
    open: async () => {
      await setFirstInboxGroup(true);
      await openChannelFromSidebar(page, 'general');
      await page
        .getByRole('log')
        .getByRole('button', { name: /^Topic options for / })
        // The newest bar, in view at the end where the channel opens: the first one drawn sits
        // above the window, and scrolling to it may load older messages and redraw its row.
        .last()
        .click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Move topic' }).click();
      await page.getByRole('dialog', { name: 'Move topic' }).waitFor({ timeout: UI_TIMEOUT });
    },
  },
];

beforeAll(async () => {
  app = await startE2eApp('axe');
  page = app.page;
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const THEMES = [
  { theme: 'light', paint: 'rgb(255, 255, 255)' },
  { theme: 'dark', paint: 'rgb(27, 29, 34)' },
] as const;

describe('axe-core before signing in', () => {
  it('finds nothing critical or serious on the sign-in screen in either theme', async () => {
    await page.goto(app.host.url);
    await page.getByRole('textbox', { name: 'Server URL' }).waitFor({ timeout: UI_TIMEOUT });
    for (const { theme, paint } of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      expect(await background()).toBe(paint);
      expect(await scan(), theme).toEqual([]);
      await page.screenshot({ path: join(ARTIFACTS, `axe-${theme}-sign-in.png`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await signInThroughUi(page, app.server.baseUrl, app.server.byRole(100));
  });
});

describe.each(THEMES)('axe-core in the $theme theme', ({ theme, paint }) => {
  it('finds nothing critical or serious on every screen', { timeout: 300_000 }, async () => {
    await page.emulateMedia({ colorScheme: theme });
    expect(await background()).toBe(paint);
    const found: Record<string, Finding[]> = {};
    for (const screen of [...everyScreen(page), ...adminTabs(page), ...axeOnly()]) {
      await settle(page);
      await screen.open();
      const findings = await scan();
      if (findings.length > 0) found[screen.name] = findings;
      const file = screen.name.replace(/[^a-z]+/gi, '-').toLowerCase();
      await page.screenshot({ path: join(ARTIFACTS, `axe-${theme}-${file}.png`) });
    }
    await settle(page);
    expect(found).toEqual({});
  });
});
