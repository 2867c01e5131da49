/**
 * A switch between channels builds the message rows it shows, not two or three times as many
 * (issue 28 item 4). virtua sizes the rows it has not measured yet by a hint; with its own 40 px
 * guess it built ~24 MessageItems on each switch of the demo seed to keep 9-14, most of a switch's
 * time. The list now hands the next list the mean height of the rows it showed. Counted in real
 * Chromium (jsdom has no layout): every message element put into the page, against those left.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { UI_TIMEOUT, startSignedInAsOwner, type E2eApp } from './support';
import { ZulipUser } from './zulip-http';

let e2e: E2eApp;
let page: Page;

beforeAll(async () => {
  e2e = await startSignedInAsOwner('switch-mounts', { width: 1280, height: 900 });
  page = e2e.page;
});

afterAll(async () => {
  await e2e?.close();
});

interface Mounts {
  /** Message elements put into the page since the count began, kept or not. */
  built: number;
  /** Message elements in the list now. */
  kept: number;
}

/** Waits until the list's rows stay put for a few frames, and counts what was built since the count began. */
async function settledCount(): Promise<Mounts> {
  let last = '';
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(
          () =>
            new Promise<string>((done) =>
              requestAnimationFrame(() =>
                requestAnimationFrame(() =>
                  done(String(document.querySelectorAll('#app [role="log"] article').length)),
                ),
              ),
            ),
        );
        const same = now === last;
        last = now;
        return same;
      },
      { timeout: UI_TIMEOUT },
    )
    .toBe(true);
  return page.evaluate(() => ({
    built: (window as unknown as { built: number }).built,
    kept: document.querySelectorAll('#app [role="log"] article').length,
  }));
}

/** Clicks the channel, waits until its rows stay put for a few frames, and counts what was built. */
async function switchAndCount(name: string): Promise<Mounts> {
  await page.evaluate(() => {
    const w = window as unknown as { built: number; counter?: MutationObserver };
    w.counter?.disconnect();
    w.built = 0;
    w.counter = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          w.built += (node.matches('article') ? 1 : 0) + node.querySelectorAll('article').length;
        }
    });
    w.counter.observe(document.body, { subtree: true, childList: true });
  });
  await page.getByRole('navigation', { name: 'Channels' }).getByRole('button', { name, exact: true }).click();
  const log = page.getByRole('log', { name: `#${name}` });
  await log.getByRole('article').first().waitFor({ timeout: UI_TIMEOUT });
  return settledCount();
}

it('builds on a channel switch about the rows it keeps, not two or three times as many', async () => {
  const owner = e2e.server.byRole(100);
  const http = await ZulipUser.login(e2e.server.baseUrl, owner.email, owner.password);
  const channels = await http.subscriptions();
  const byName = (name: string) => {
    const channel = channels.find((c) => c.name === name);
    if (!channel) throw new Error(`The demo seed's owner is not in #${name}`);
    return channel;
  };
  // Read, so each opens at its newest end (a channel opens at its first unread message).
  for (const name of ['announcements', 'engineering', 'general']) await http.markChannelRead(byName(name).stream_id);

  await switchAndCount('announcements');
  // Each switch below follows a list whose rows were measured.
  for (const name of ['engineering', 'general']) {
    const mounts = await switchAndCount(name);
    expect(mounts.kept).toBeGreaterThan(3);
    expect(mounts.built, `#${name}: ${mounts.built} message elements built, ${mounts.kept} kept`).toBeLessThanOrEqual(
      mounts.kept + 2,
    );
  }
});

it('builds about the rows it keeps for the first list after a launch too (row heights kept across it)', async () => {
  // Counted from the page's first script: the app's own rows only, not the launch picture's.
  await page.addInitScript(() => {
    const w = window as unknown as { built: number };
    w.built = 0;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (!(node instanceof Element) || !node.closest('#app')) continue;
          w.built += (node.matches('article') ? 1 : 0) + node.querySelectorAll('article').length;
        }
    }).observe(document, { subtree: true, childList: true });
  });
  await page.reload();
  // The last test ended in #general: the app opens it again.
  await page.getByRole('log', { name: '#general' }).getByRole('article').first().waitFor({ timeout: UI_TIMEOUT });
  const mounts = await settledCount();
  expect(mounts.kept).toBeGreaterThan(3);
  expect(mounts.built, `${mounts.built} message elements built, ${mounts.kept} kept`).toBeLessThanOrEqual(
    mounts.kept + 2,
  );
});
