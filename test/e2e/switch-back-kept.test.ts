/**
 * Going back to a conversation draws it before the core answers (issue 28 item 4): the page keeps
 * the windows of the last conversations left (renderer/state/narrowSnapshots.ts) and, when the
 * sidebar shows one current, draws it in the click's own frame. Here every messages:page answer
 * is held at the bridge host's door while the switch happens, so what shows can only be the kept
 * window; a conversation that got a new unread message while away is not drawn from it, and
 * nothing is marked read from a kept window before its page is in. Real Chromium, the real core
 * and dev server.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Core } from '../../main/ipc/types';
import { openChannelFromSidebar, signInThroughUi, startE2eApp, UI_TIMEOUT, type E2eApp } from './support';
import { ZulipUser } from './zulip-http';

let app: E2eApp;
let page: Page;
let amir: ZulipUser;
let owner: ZulipUser;
let alpha: { stream_id: number; name: string };
let beta: { stream_id: number; name: string };
const TOPIC = 'kept windows';

/** While set, messages:page calls wait for it; `held` counts the calls that waited. */
let gate: Promise<void> | null = null;
let held = 0;
function holdPages(core: Core): Core {
  return new Proxy(core, {
    get(target, key) {
      if (key !== 'dispatch') return Reflect.get(target, key);
      return async (name: string, args: unknown) => {
        if (name === 'messages:page' && gate) {
          held++;
          await gate;
        }
        return target.dispatch(name, args);
      };
    },
  });
}
function hold(): () => void {
  let release = (): void => {};
  gate = new Promise((resolve) => (release = resolve));
  held = 0;
  return () => {
    gate = null;
    release();
  };
}

beforeAll(async () => {
  app = await startE2eApp('switch-back-kept', undefined, undefined, holdPages);
  page = app.page;
  const ownerLogin = app.server.byRole(100);
  const a = app.server.byRole(200);
  owner = await ZulipUser.login(app.server.baseUrl, ownerLogin.email, ownerLogin.password);
  amir = await ZulipUser.login(app.server.baseUrl, a.email, a.password);
  const amirs = new Set((await amir.subscriptions()).map((s) => s.stream_id));
  const shared = (await owner.subscriptions()).filter((s) => amirs.has(s.stream_id));
  if (shared.length < 2) throw new Error('the demo seed has fewer than two channels owner and amir share');
  [alpha, beta] = shared as [typeof alpha, typeof beta];
  await amir.sendToTopic(alpha.stream_id, TOPIC, 'Alpha says hello');
  await amir.sendToTopic(beta.stream_id, TOPIC, 'Beta says hello');
  await owner.markChannelRead(alpha.stream_id);
  await owner.markChannelRead(beta.stream_id);
  await page.goto(app.host.url);
  await signInThroughUi(page, app.server.baseUrl, ownerLogin);
}, 180_000);

afterAll(async () => {
  gate = null;
  await app?.close();
});

const logOf = (name: string) => page.getByRole('log', { name: `#${name}` });

it('draws a conversation shown before from its kept window while the core has not answered', async () => {
  await openChannelFromSidebar(page, alpha.name);
  await logOf(alpha.name).getByText('Alpha says hello').waitFor({ timeout: UI_TIMEOUT });
  await openChannelFromSidebar(page, beta.name);
  await logOf(beta.name).getByText('Beta says hello').waitFor({ timeout: UI_TIMEOUT });

  const release = hold();
  try {
    await openChannelFromSidebar(page, alpha.name);
    // The page asked, and its answer is held: the rows come from the kept window alone.
    await expect.poll(() => held, { timeout: UI_TIMEOUT }).toBeGreaterThan(0);
    await logOf(alpha.name).getByText('Alpha says hello').waitFor({ timeout: UI_TIMEOUT });
    // Still loading: the list says so, and reads nothing from what it kept.
    expect(await logOf(alpha.name).getAttribute('aria-busy')).toBe('true');
  } finally {
    release();
  }
  await expect.poll(() => logOf(alpha.name).getAttribute('aria-busy'), { timeout: UI_TIMEOUT }).toBe('false');
  expect(await logOf(alpha.name).getByText('Alpha says hello').isVisible()).toBe(true);
}, 120_000);

it('waits for the core when a new message came while away, and marks nothing read from the kept window', async () => {
  // beta is away and gets a message: its kept window no longer holds its newest.
  await amir.sendToTopic(beta.stream_id, TOPIC, 'Beta has news');
  const betaRow = page.getByRole('navigation', { name: 'Channels' }).getByRole('listitem').filter({
    has: page.getByRole('button', { name: beta.name, exact: true }),
  });
  await betaRow.getByText('1 unread').first().waitFor({ state: 'attached', timeout: UI_TIMEOUT });

  const release = hold();
  try {
    await openChannelFromSidebar(page, beta.name);
    await expect.poll(() => held, { timeout: UI_TIMEOUT }).toBeGreaterThan(0);
    // Nothing of the old window is drawn: the list waits for the page (a kept window would show
    // within a frame or two of the click; this gives it ten).
    await page.evaluate(async () => {
      for (let i = 0; i < 10; i++) await new Promise(requestAnimationFrame);
    });
    expect(await logOf(beta.name).getByRole('article').count()).toBe(0);
    expect(await owner.unreadIn(beta.stream_id, TOPIC)).toHaveLength(1);
  } finally {
    release();
  }
  await logOf(beta.name).getByText('Beta has news').waitFor({ timeout: UI_TIMEOUT });
  expect(await logOf(beta.name).getByText('Beta says hello').isVisible()).toBe(true);
}, 120_000);
