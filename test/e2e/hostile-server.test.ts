/**
 * A hostile server: our corpus of 100 HTML and URL vectors (hostile-corpus.ts) as message
 * content, plus hostile channel descriptions, topic names and user names, written straight into
 * the dev server's database (as a malicious server would render them) and shown in Chromium.
 * Not one script may run, the page may not navigate, nothing may load from a host other than
 * this computer, and no message content may draw outside its own box.
 */
import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, signInThroughUi, startE2eApp, UI_TIMEOUT, type E2eApp } from './support';
import { HOSTILE_HTML, HOSTILE_TEXT } from './hostile-corpus';
import { ZulipUser } from './zulip-http';

let app: E2eApp;
let page: Page;
let dataFile: string;
const CHANNEL = 'hostile content';
const requests: string[] = [];
const dialogs: string[] = [];
const navigations: string[] = [];

async function api(
  user: { email: string; password: string },
  method: string,
  path: string,
  params: Record<string, string>,
) {
  const key = (await ZulipUser.login(app.server.baseUrl, user.email, user.password)).apiKey;
  const res = await fetch(`${app.server.baseUrl}/api/v1${path}`, {
    method,
    headers: { Authorization: `Basic ${Buffer.from(`${user.email}:${key}`).toString('base64')}` },
    body: new URLSearchParams(params),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (json['result'] !== 'success') throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
  return json;
}

beforeAll(async () => {
  dataFile = join(mkdtempSync(join(tmpdir(), 'parley-hostile-')), 'server.sqlite');
  app = await startE2eApp('hostile', { width: 1280, height: 4000 }, { seed: 'demo', dataFile });
  page = app.page;
  const owner = app.server.byRole(100);
  const member = app.server.users.find((u) => u.role === 400)!;
  await api(owner, 'POST', '/users/me/subscriptions', {
    subscriptions: JSON.stringify([{ name: CHANNEL, description: 'placeholder' }]),
    principals: JSON.stringify([owner.userId, member.userId]),
  });
  // Hostile topic names (the API takes them: they are plain text).
  const owned = await ZulipUser.login(app.server.baseUrl, owner.email, owner.password);
  const channelId = (await owned.subscriptions()).find((s) => s.name === CHANNEL)!.stream_id;
  for (const topic of HOSTILE_TEXT)
    await owned.sendToTopic(channelId, topic.slice(0, 60), 'a topic with a hostile name');
  const ids: number[] = [];
  const memberUser = await ZulipUser.login(app.server.baseUrl, member.email, member.password);
  for (let i = 0; i < HOSTILE_HTML.length; i += 10) {
    ids.push(await memberUser.sendToTopic(channelId, 'vectors', `vectors ${i}–${i + 9}`));
  }
  // The server "renders" them: straight into its database, as a malicious server would send them.
  const db = new Database(dataFile);
  db.pragma('busy_timeout = 5000');
  const setHtml = db.prepare('UPDATE messages SET rendered_content = ? WHERE id = ?');
  ids.forEach((id, n) => {
    const chunk = HOSTILE_HTML.slice(n * 10, n * 10 + 10).map((v, k) => `<p>vector ${n * 10 + k}:</p>${v}`);
    setHtml.run(`<p>vectors ${n * 10}</p>${chunk.join('')}`, id);
  });
  // Zulip refuses such a name through its API; a malicious server sends it anyway.
  db.prepare('UPDATE users SET full_name = ? WHERE id = ?').run(HOSTILE_TEXT[0], member.userId);
  db.prepare('UPDATE channels SET rendered_description = ? WHERE name = ?').run(
    `${HOSTILE_HTML.at(-5)}${HOSTILE_HTML[1]}<p>described</p>`,
    CHANNEL,
  );
  db.close();

  page.on('request', (r) => requests.push(r.url()));
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('framenavigated', (f) => navigations.push(f.url()));
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('a hostile server', () => {
  it('shows 100 hostile vectors without running script, navigating, loading remote content or spoofing the app', async () => {
    await page.goto(app.host.url);
    await signInThroughUi(page, app.server.baseUrl, app.server.byRole(100));
    await page
      .getByRole('navigation', { name: 'Channels' })
      .getByRole('button', { name: CHANNEL, exact: true })
      .click();
    const log = page.getByRole('log');
    // The list is virtualized: look at it from the top, then from the bottom, hovering over every
    // message body on the way (where mouse handlers would fire).
    const seen = new Set<string>();
    const look = async (): Promise<void> => {
      // Labels first: hovering scrolls each body into view, and the virtualized list then drops
      // the rows at the other end (the last message went missing that way).
      for (const label of await log.getByText(/^vectors \d+$/).allTextContents()) seen.add(label);
      for (const body of await log.locator('.safe-html').all()) await body.hover().catch(() => undefined);
    };
    await log.getByText('vectors 0', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    // The channel opens at its end (nothing unread): go to its top first.
    const scrollAll = (top: number): Promise<void> =>
      log.evaluate((el, to) => {
        for (const scroller of [el, ...el.querySelectorAll('*')])
          if (scroller.scrollHeight > scroller.clientHeight + 10) scroller.scrollTop = to;
        el.closest('.scroller')?.scrollTo({ top: to });
      }, top);
    // Until it stays there: while rows are measured right after opening, the list may still be
    // following its end, and a measurement landing before the scroll event takes it back down.
    await expect
      .poll(
        async () => {
          await scrollAll(0);
          await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
          return log.evaluate((el) => el.closest('.scroller')?.scrollTop ?? -1);
        },
        { timeout: UI_TIMEOUT },
      )
      .toBe(0);
    await log.getByText('channel events').first().waitFor({ timeout: UI_TIMEOUT });
    // The hostile name and topic names show as text. Looked at here, at the top and before hovering
    // (the list is virtualized: once scrolled, the rows that carry them are no longer drawn), and
    // waited for, since virtua keeps a row hidden until it has measured it (CI read one hidden).
    await log.getByText(HOSTILE_TEXT[0]!).filter({ visible: true }).first().waitFor({ timeout: UI_TIMEOUT });
    await look();
    await page.screenshot({ path: join(ARTIFACTS, 'hostile-server-top.png') });
    // Then walk down to the end in steps smaller than the window, so a message drawn only in the
    // middle (rows are tall: ten vectors each) is looked at too.
    const scrollRange = (): Promise<number> =>
      log.evaluate((el) =>
        Math.max(0, ...[el, ...el.querySelectorAll('*')].map((s) => s.scrollHeight - s.clientHeight)),
      );
    for (let top = 1000; top < (await scrollRange()) + 1000; top += 1000) {
      await scrollAll(top);
      await page.waitForTimeout(100);
      await look();
    }
    await scrollAll(1e9);
    await log.getByText('vectors 90', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await look();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: join(ARTIFACTS, 'hostile-server-bottom.png') });

    // Every vector message was shown.
    const labels = Array.from({ length: HOSTILE_HTML.length / 10 }, (_, n) => `vectors ${n * 10}`);
    expect([...seen].sort()).toEqual(labels.sort());
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    // Only the app's own page: one load of the host origin (plus the fragment-less address).
    expect(navigations.every((url) => url.startsWith(app.host.origin))).toBe(true);
    const remote = requests.filter(
      (url) => !/^(https?|wss?):\/\/127\.0\.0\.1[:/]/.test(url) && !url.startsWith('data:') && !url.startsWith('blob:'),
    );
    expect(remote).toEqual([]);
    // No content positions itself outside its message: nothing fixed, nothing beyond the box.
    const escaped = await page.evaluate(() => {
      const out: string[] = [];
      for (const box of document.querySelectorAll('[role="log"] .safe-html')) {
        const frame = box.getBoundingClientRect();
        for (const el of box.querySelectorAll('*')) {
          const style = getComputedStyle(el);
          if (style.position === 'fixed' || style.position === 'absolute') out.push(`${el.tagName} ${style.position}`);
          const r = el.getBoundingClientRect();
          if (r.width > 0 && (r.top < frame.top - 1 || r.left < frame.left - 1)) out.push(`${el.tagName} outside`);
        }
      }
      return out;
    });
    expect(escaped).toEqual([]);
  }, 120_000);
});
