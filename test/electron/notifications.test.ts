/**
 * main/electron/notifications.ts over the real core and the dev server: a DM makes the core emit
 * notify:show, it is shown as a system notification, and clicking it focuses the window and
 * sends view:navigate with that conversation and message. Electron's Notification class is the one stand-in
 * (its binary cannot run here); it records what was shown and lets the test click.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Events } from '../../common/ipc/contract';
import type { AccountSummary } from '../../common/model';
import { showCoreNotifications, type NotificationClass } from '../../main/electron/notifications';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { Actor } from '../main/consistency/actor';
import { startLiveCore, type TestCore } from '../main/core/harness';
import { tempDir } from '../main/store/fixtures';

interface Shown {
  options: { title: string; body: string; silent: boolean };
  click(): void;
}

function recordingNotifications(supported: boolean): { Notification: NotificationClass; shown: Shown[] } {
  const shown: Shown[] = [];
  class FakeNotification {
    static isSupported = () => supported;
    #onClick: () => void = () => undefined;
    constructor(readonly options: Shown['options']) {}
    on(name: string, listener: () => void): this {
      if (name === 'click') this.#onClick = listener;
      return this;
    }
    show(): void {
      shown.push({ options: this.options, click: () => this.#onClick() });
    }
  }
  return { Notification: FakeNotification as unknown as NotificationClass, shown };
}

let server: RunningDevServer;
let t: TestCore;
let account: AccountSummary;
let me: Actor;
let other: Actor;

beforeAll(async () => {
  server = await startDevServer();
  const member = server.byRole(400);
  ({ t, account } = await startLiveCore(tempDir(), server.baseUrl, member));
  me = await Actor.login(server.baseUrl, member.email, member.password);
  const o = server.users.find((u) => u.role <= 400 && u.userId !== member.userId)!;
  other = await Actor.login(server.baseUrl, o.email, o.password);
}, 30_000);
afterAll(async () => {
  await t?.core.close();
  await server?.stop();
});

describe('system notifications', () => {
  it('shows notify:show, and a click focuses the window and opens the conversation', async () => {
    const { Notification, shown } = recordingNotifications(true);
    let focused = 0;
    const sent: Array<{ name: string; payload: Events['view:navigate'] }> = [];
    const stop = showCoreNotifications(t.core, {
      Notification,
      focusWindow: () => focused++,
      sendToWindow: (name, payload) => sent.push({ name, payload }),
    });
    try {
      const messageId = await other.sendDm([me.userId], 'lunch at noon? (click-1)');
      await expect.poll(() => shown.length, { timeout: 10_000 }).toBe(1);
      expect(shown[0]?.options).toMatchObject({ body: 'lunch at noon? (click-1)', silent: false });
      expect(focused).toBe(0);
      expect(sent).toEqual([]);

      shown[0]?.click();
      expect(focused).toBe(1);
      expect(sent).toEqual([
        {
          name: 'view:navigate',
          payload: { accountId: account.id, narrow: { kind: 'dm', userIds: [other.userId] }, messageId },
        },
      ]);
    } finally {
      stop();
    }
  });

  it('shows nothing where the platform has no notification service, and stops when unsubscribed', async () => {
    const { Notification, shown } = recordingNotifications(false);
    const stop = showCoreNotifications(t.core, { Notification, focusWindow: () => undefined, sendToWindow: () => {} });
    const id = await other.sendDm([me.userId], 'anyone? (click-2)');
    await t.waitFor('notify:show', (p) => p.body.includes('(click-2)'));
    expect(shown).toEqual([]);
    stop();

    const supported = recordingNotifications(true);
    const stopped = showCoreNotifications(t.core, {
      Notification: supported.Notification,
      focusWindow: () => undefined,
      sendToWindow: () => {},
    });
    stopped();
    await other.sendDm([me.userId], 'still there? (click-3)');
    await t.waitFor('notify:show', (p) => p.body.includes('(click-3)'));
    expect(supported.shown).toEqual([]);
    expect(id).toBeGreaterThan(0);
  });
});
