/**
 * A disabled button says why (#27 item 8): on every screen a signed-in owner can reach, and on
 * each tab of Organization settings, every disabled button carries its reason in words, as a
 * title or an accessible description, so hovering it or a screen reader tells the user what to do.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTabs, everyScreen, settle } from './every-screen';
import { ARTIFACTS, type E2eApp, startSignedInAsOwner } from './support';

let app: E2eApp;
let page: Page;

interface Silent {
  button: string;
}

/** The disabled buttons on the page now that give no reason, and how many say one. */
function disabledButtons(): Promise<{ silent: Silent[]; explained: number }> {
  return page.evaluate(() => {
    const reasonOf = (b: HTMLButtonElement): string => {
      const ids = (b.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
      const described = ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
      return `${b.title} ${described}`.trim();
    };
    const disabled = [...document.querySelectorAll<HTMLButtonElement>('button:disabled, button[aria-disabled="true"]')];
    const silent = disabled
      .filter((b) => reasonOf(b).length < 4)
      .map((b) => ({ button: (b.getAttribute('aria-label') ?? b.textContent ?? '').trim().slice(0, 60) }));
    return { silent, explained: disabled.length - silent.length };
  });
}

beforeAll(async () => {
  app = await startSignedInAsOwner('disabled-reasons');
  page = app.page;
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('disabled buttons', () => {
  it('say why on every screen and every tab of Organization settings', { timeout: 300_000 }, async () => {
    const silent: Record<string, Silent[]> = {};
    let explained = 0;
    for (const screen of [...everyScreen(page), ...adminTabs(page)]) {
      await settle(page);
      await screen.open();
      const found = await disabledButtons();
      explained += found.explained;
      if (found.silent.length > 0) silent[screen.name] = found.silent;
    }
    await settle(page);
    expect(silent).toEqual({});
    // The sweep did meet disabled buttons (a folder's Move up at the top, a role not changed, ...).
    expect(explained).toBeGreaterThan(0);
  });

  it('shows the reason of a folder that cannot move further up on hover', async () => {
    await adminTabs(page)
      .find((s) => s.name.endsWith('Channel folders'))!
      .open();
    const up = page.getByRole('button', { name: /^Move .* up$/ }).first();
    expect(await up.isDisabled()).toBe(true);
    expect(await up.getAttribute('title')).toMatch(/first/i);
    await up.hover({ force: true });
    await page.screenshot({ path: join(ARTIFACTS, 'disabled-reasons-folder.png') });
  });
});
