/**
 * A switch back to a channel shown before draws its rows where they end up, in the first frame
 * (issue 28 item 4): virtua is handed the heights those rows measured last time (rowSizes.ts), so
 * it neither hides them until measured nor moves them once measured, and the list scrolls to its
 * end once. Before, each row mounted hidden at an estimated height and was then shown and moved
 * (its style rewritten), with a second layout and a third frame for the switch. Counted in real
 * Chromium (jsdom has no layout): style changes of rows already in the new list, and rows mounted
 * hidden, from the click until the rows stay put.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { UI_TIMEOUT, startSignedInAsOwner, type E2eApp } from './support';
import { ZulipUser } from './zulip-http';

let e2e: E2eApp;
let page: Page;

beforeAll(async () => {
  e2e = await startSignedInAsOwner('switch-placed', { width: 1280, height: 900 });
  page = e2e.page;
});

afterAll(async () => {
  await e2e?.close();
});

interface Placing {
  /** Rows of the new list whose style (position, visibility) was written after they went in. */
  moved: number;
  /** Rows that went in hidden (virtua hides a row it has not measured). */
  hidden: number;
  /** Rows in the list once settled. */
  rows: number;
}

/** Clicks the channel and watches its list's rows until they stay put for a few frames. */
async function switchAndWatch(name: string): Promise<Placing> {
  await page.evaluate(() => {
    const w = window as unknown as { placing: { moved: Set<string>; hidden: Set<string> }; watcher?: MutationObserver };
    w.watcher?.disconnect();
    const placing = { moved: new Set<string>(), hidden: new Set<string>() };
    w.placing = placing;
    const inserted = new Set<Element>();
    const noteRow = (row: Element) => {
      inserted.add(row);
      if ((row as HTMLElement).style.visibility === 'hidden') placing.hidden.add(row.getAttribute('data-row-key')!);
    };
    w.watcher = new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'childList')
          for (const node of r.addedNodes) {
            if (!(node instanceof Element)) continue;
            if (node.matches('[data-row-key]')) noteRow(node);
            for (const row of node.querySelectorAll('[data-row-key]')) noteRow(row);
          }
        else if (r.target instanceof Element && inserted.has(r.target))
          placing.moved.add(r.target.getAttribute('data-row-key')!);
      }
    });
    w.watcher.observe(document.getElementById('app')!, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['style'],
    });
  });
  await page.getByRole('navigation', { name: 'Channels' }).getByRole('button', { name, exact: true }).click();
  const log = page.getByRole('log', { name: `#${name}` });
  await log.getByRole('article').first().waitFor({ timeout: UI_TIMEOUT });
  let last = '';
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(
          () =>
            new Promise<string>((done) =>
              requestAnimationFrame(() =>
                requestAnimationFrame(() =>
                  done(
                    [...document.querySelectorAll<HTMLElement>('#app [role="log"] [data-row-key]')]
                      .map((row) => `${row.getAttribute('data-row-key')}@${row.style.top}`)
                      .join(),
                  ),
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
  return page.evaluate(() => {
    const w = window as unknown as { placing: { moved: Set<string>; hidden: Set<string> }; watcher: MutationObserver };
    w.watcher.takeRecords();
    w.watcher.disconnect();
    return {
      moved: w.placing.moved.size,
      hidden: w.placing.hidden.size,
      rows: document.querySelectorAll('#app [role="log"] [data-row-key]').length,
    };
  });
}

it('draws a channel shown before where its rows end up: none hidden to be measured, none moved after', async () => {
  const owner = e2e.server.byRole(100);
  const http = await ZulipUser.login(e2e.server.baseUrl, owner.email, owner.password);
  const channels = await http.subscriptions();
  // Read, so each opens at its newest end, where it was left.
  for (const name of ['engineering', 'general']) {
    const channel = channels.find((c) => c.name === name);
    if (!channel) throw new Error(`The demo seed's owner is not in #${name}`);
    await http.markChannelRead(channel.stream_id);
  }
  // The first visits measure; the rows are then known when each is shown again.
  const first = await switchAndWatch('engineering');
  await switchAndWatch('general');
  // Without the sizes, rows go in hidden and are moved once measured (the first visit shows it).
  expect(first.hidden).toBeGreaterThan(0);
  for (const name of ['engineering', 'general']) {
    const again = await switchAndWatch(name);
    expect(again.rows).toBeGreaterThan(3);
    expect(again, `#${name}`).toMatchObject({ hidden: 0, moved: 0 });
  }
});
