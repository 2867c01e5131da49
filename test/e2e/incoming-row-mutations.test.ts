/**
 * An incoming message changes the page only where it shows (issue 28 item 2): with the channel
 * open at its end, the message list gains the new message's row and the rows already drawn are
 * left as they are (the same elements, nothing inside them replaced or rewritten); the pinned
 * recipient bar over the list, naming the same topic before and after, is not drawn again.
 * Each such change is style, layout and script work in the page for every message that arrives.
 * Counted in real Chromium with a MutationObserver over the page, from before the message is
 * posted until it shows as read. Nor does the page read the drawn rows' boxes meanwhile: a read
 * after a change lays the page out at once, again (the pinned bar once measured every row).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  openChannelFromSidebar,
  ownerAndAmir,
  signInThroughUi,
  startE2eApp,
  UI_TIMEOUT,
  type E2eApp,
} from './support';
import type { ZulipUser } from './zulip-http';

let app: E2eApp;
let page: Page;
let amir: ZulipUser;
let channel: { stream_id: number; name: string };
const TOPIC = 'release checklist';

beforeAll(async () => {
  app = await startE2eApp('incoming-row-mutations', { width: 1280, height: 700 });
  page = app.page;
  const { ownerLogin: o, owner, amir: amirUser, channel: shared } = await ownerAndAmir(app);
  amir = amirUser;
  channel = shared;
  // One long topic: the rows at the top of the view are mid-topic, so the pinned bar shows.
  for (let i = 1; i <= 30; i++) await amir.sendToTopic(channel.stream_id, TOPIC, `Checklist item ${i} of 30`);
  await owner.markChannelRead(channel.stream_id);
  await page.goto(app.host.url);
  await signInThroughUi(page, app.server.baseUrl, o);
}, 180_000);

afterAll(async () => {
  await app?.close();
});

/** One DOM change, described by where it happened (summed up in the page). */
interface Change {
  type: string;
  attribute: string | null;
  /** The row (data-row-key) the changed node is in, or null outside rows. */
  row: string | null;
  inLog: boolean;
  inPinnedBar: boolean;
  /** Row keys of the elements (and non-blank text) added, when they are rows or inside one. */
  addedRows: (string | null)[];
}

it('adds only the new row: the rows already drawn and the pinned recipient bar are left alone', async () => {
  await openChannelFromSidebar(page, channel.name);
  const log = page.getByRole('log', { name: `#${channel.name}` });
  await log.getByText('Checklist item 30 of 30').waitFor({ timeout: UI_TIMEOUT });
  await page.locator('[data-sticky-recipient-bar]').waitFor({ timeout: UI_TIMEOUT });

  // Tag the drawn message elements, then record every change from here on.
  const before = await page.evaluate(() => {
    const w = window as unknown as { changes: Change[]; watcher?: MutationObserver; rowBoxReads: number };
    w.rowBoxReads = 0;
    const readBox = Element.prototype.getBoundingClientRect;
    Element.prototype.getBoundingClientRect = function (this: Element) {
      if (this.closest('[role="log"]')) w.rowBoxReads += 1;
      return readBox.call(this);
    };
    const articles = [...document.querySelectorAll('[role="log"] article')];
    for (const article of articles) (article as unknown as { tagged: boolean }).tagged = true;
    w.changes = [];
    const rowOf = (node: Node | null) => {
      const el = node instanceof Element ? node : (node?.parentElement ?? null);
      return el?.closest('[data-row-key]')?.getAttribute('data-row-key') ?? null;
    };
    const within = (node: Node, selector: string) =>
      ((node instanceof Element ? node : node.parentElement)?.closest(selector) ?? null) !== null;
    const isContent = (n: Node) => n instanceof Element || (n instanceof Text && n.data.trim() !== '');
    w.watcher = new MutationObserver((records) => {
      for (const r of records)
        w.changes.push({
          type: r.type,
          attribute: r.attributeName,
          row: rowOf(r.target),
          inLog: within(r.target, '[role="log"]'),
          inPinnedBar: within(r.target, '[data-sticky-recipient-bar]'),
          // Svelte's blocks put an empty text or comment node beside what they add: only content counts.
          addedRows: [...r.addedNodes]
            .filter(isContent)
            .map((n) =>
              n instanceof Element && n.hasAttribute('data-row-key') ? n.getAttribute('data-row-key') : rowOf(n),
            ),
        });
    });
    w.watcher.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    return {
      rows: [...new Set([...document.querySelectorAll('[data-row-key]')].map((r) => r.getAttribute('data-row-key')))],
    };
  });

  const id = await amir.sendToTopic(channel.stream_id, TOPIC, 'Checklist item 31, just in');
  const newRow = `id:${id}`;
  const arrived = log.locator(`article[data-message-id="${id}"]`);
  await arrived.waitFor({ timeout: UI_TIMEOUT });
  // Shown at the end and read there: the last change the message brings to the list.
  await expect.poll(() => arrived.getAttribute('class'), { timeout: UI_TIMEOUT }).not.toContain('unread');

  const { changes, kept, rowBoxReads } = await page.evaluate(() => {
    const w = window as unknown as { changes: Change[]; watcher: MutationObserver; rowBoxReads: number };
    w.watcher.takeRecords();
    w.watcher.disconnect();
    const articles = [...document.querySelectorAll('[role="log"] article')];
    const kept = articles.filter((a) => (a as unknown as { tagged?: boolean }).tagged).length;
    return { changes: w.changes, kept, rowBoxReads: w.rowBoxReads };
  });
  const oldRows = new Set(before.rows);
  const inList = changes.filter((c) => c.inLog);

  // The new row went in, and nothing else was added to the list.
  const added = inList.flatMap((c) => c.addedRows);
  expect(added).toContain(newRow);
  expect(added.filter((row) => row !== newRow)).toEqual([]);
  // Nothing inside a row already drawn changed: no element replaced, no text or attribute rewritten.
  const inOldRows = inList.filter((c) => c.row !== null && oldRows.has(c.row));
  const rewritten = inOldRows.filter((c) => !(c.type === 'attributes' && c.attribute === 'aria-setsize'));
  expect(rewritten).toEqual([]);
  // The rows still in view are the same elements (those scrolled out may have been let go).
  expect(kept).toBeGreaterThan(0);
  // The pinned bar names the same topic and is not drawn again.
  expect(changes.filter((c) => c.inPinnedBar)).toEqual([]);
  // No row's box was read: the pinned bar's row comes from virtua's numbers (pinnedRow.ts).
  expect(rowBoxReads).toBe(0);
});
