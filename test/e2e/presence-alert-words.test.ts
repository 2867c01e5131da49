/**
 * Presence and alert words end to end with real parts (Chromium, the bridge host, the core, the
 * dev server), and plain HTTP as a second person: the user's own heartbeat reaches the server,
 * the sidebar shows who is online (told to the page as that person alone, as the bridge's frames
 * show), an alert word set on its screen raises a notification.
 */
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, type Api } from '../devserver/support';
import type { DevServerUser, RunningDevServer } from '../helpers/devserver';
import { ARTIFACTS, UI_TIMEOUT, signInThroughUi, startE2eApp, type E2eApp } from './support';

let e2e: E2eApp;
let server: RunningDevServer;
let page: Page;
let owner: DevServerUser;
let member: DevServerUser;
let memberApi: Api;
const word = `zeppelin${Date.now().toString(36)}`;
/** Every bridge frame the page sent and received, parsed, batches opened (as the page reads them). */
const frames: { dir: 'in' | 'out'; frame: { t: string; name?: string; payload?: unknown } }[] = [];

function record(dir: 'in' | 'out', text: string | Buffer): void {
  if (typeof text !== 'string') return;
  const frame = JSON.parse(text) as { t: string; frames?: unknown[] };
  for (const one of frame.t === 'batch' ? (frame.frames ?? []) : [frame]) {
    frames.push({ dir, frame: one as { t: string; name?: string; payload?: unknown } });
  }
}

const visible = (locator: Locator): Promise<void> => locator.waitFor({ state: 'visible', timeout: UI_TIMEOUT });
const shoot = (name: string): Promise<Buffer> =>
  page.screenshot({ path: join(ARTIFACTS, `presence-alert-words-${name}.png`) });
const personRow = (name: string): Locator =>
  page.getByRole('navigation', { name: 'People' }).getByRole('listitem').filter({ hasText: name });

beforeAll(async () => {
  e2e = await startE2eApp('presence-alerts');
  ({ server, page } = e2e);
  owner = server.byRole(100);
  member = server.byRole(400);
  memberApi = await login(server, member);
  page.on('websocket', (socket) => {
    socket.on('framereceived', (f) => record('in', f.payload));
    socket.on('framesent', (f) => record('out', f.payload));
  });
});

afterAll(async () => {
  await e2e?.close();
});

describe('presence and alert words', () => {
  it('reports the user active once they use the app, and the server hears it', async () => {
    await page.goto(e2e.host.url);
    await signInThroughUi(page, server.baseUrl, owner);
    await page.keyboard.press('Shift');
    await visible(personRow(`${owner.fullName} (you)`).getByRole('img', { name: 'Active' }));
    await expect
      .poll(
        async () => (await memberApi.ok('GET', `/users/${owner.userId}/presence`))['presence']['aggregated']['status'],
      )
      .toBe('active');
  });

  it('shows another person coming online in the people list', async () => {
    await visible(personRow(member.fullName).getByRole('img', { name: 'Offline' }));
    const before = frames.length;
    await memberApi.ok('POST', '/users/me/presence', { status: 'active' });
    await visible(personRow(member.fullName).getByRole('img', { name: 'Active' }));
    await shoot('01-people');
    // The page was told that person (the demo's few others may age out in the same judgement),
    // and did not fetch everyone's presence for it.
    const since = frames.slice(before);
    const told = since.find(
      ({ frame }) =>
        frame.name === 'presence:changed' &&
        (frame.payload as { changes: { userId: number }[] }).changes.some((c) => c.userId === member.userId),
    );
    expect((told?.frame.payload as { changes: unknown[] } | undefined)?.changes).toContainEqual({
      userId: member.userId,
      status: 'active',
    });
    expect(since.filter(({ dir, frame }) => dir === 'out' && frame.name === 'presence:list')).toEqual([]);
  });

  it('adds an alert word on its screen and notifies when someone writes it', async () => {
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Alert words' }).click();
    await page.getByRole('textbox', { name: 'Word or phrase' }).fill(word);
    await page.getByRole('button', { name: 'Add alert word' }).click();
    await visible(page.getByRole('list', { name: 'Your alert words' }).getByRole('listitem', { name: word }));
    expect((await memberApi.ok('GET', '/users/me/alert_words'))['alert_words']).toEqual([]);
    await shoot('02-alert-words');

    const topic = `alerts ${Date.now().toString(36)}`;
    const quiet = `nothing to see ${word}x`;
    await memberApi.ok('POST', '/messages', { type: 'channel', to: 'general', topic, content: quiet });
    const loud = `Look up: a ${word.toUpperCase()}!`;
    await memberApi.ok('POST', '/messages', { type: 'channel', to: 'general', topic, content: loud });
    // Headless Chromium has not been granted desktop notifications: it shows an in-app toast.
    const toasts = page.getByRole('region', { name: 'Notifications' }).getByRole('group');
    await visible(toasts.filter({ hasText: loud }));
    await shoot('03-notification');
    expect(await toasts.filter({ hasText: quiet }).count()).toBe(0);
    await toasts.filter({ hasText: loud }).getByRole('button', { name: 'Dismiss' }).click();
  });

  it('removes the alert word again, keeping the demo’s own', async () => {
    const words = page.getByRole('list', { name: 'Your alert words' });
    await page.getByRole('button', { name: `Remove ${word}` }).click();
    await words.getByRole('listitem', { name: word }).waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    await visible(words.getByRole('listitem', { name: 'offsite' }));
  });
});
