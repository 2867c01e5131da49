/**
 * Issue 24 item 6 end to end (Chromium → bridge host → core → dev server): "… is editing" under a
 * message another member is editing (typing_edit_message from the dev server), gone when they
 * stop; and the user's own keystrokes in a message's edit box reach the other member's event
 * queue as typing_edit_message start, then stop once the edit is saved.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevServerUser, RunningDevServer } from '../helpers/devserver';
import { ApiUser, screenHelpers } from './screens-support';
import { UI_TIMEOUT, sharedChannel, signInThroughUi, startE2eApp, type E2eApp } from './support';
import { ZulipUser } from './zulip-http';

let e2e: E2eApp;
let server: RunningDevServer;
let page: Page;
let member: DevServerUser;
let ownerZ: ZulipUser;
let memberZ: ZulipUser;
let memberHttp: ApiUser;
let channel: { stream_id: number; name: string };
let ui: ReturnType<typeof screenHelpers>;
const topic = `editing ${Date.now().toString(36)}`;

const article = (text: string): Locator => page.getByRole('log').getByRole('article').filter({ hasText: text });

beforeAll(async () => {
  e2e = await startE2eApp('editing-notice');
  ({ server, page } = e2e);
  ui = screenHelpers(page, 'editing-notice');
  const owner = server.byRole(100);
  member = server.byRole(400);
  ownerZ = await ZulipUser.login(server.baseUrl, owner.email, owner.password);
  memberZ = await ZulipUser.login(server.baseUrl, member.email, member.password);
  memberHttp = await ApiUser.login(server.baseUrl, member.email, member.password);
  channel = await sharedChannel(ownerZ, memberZ);
  await page.goto(e2e.host.url);
  await signInThroughUi(page, server.baseUrl, owner);
});

afterAll(async () => {
  await e2e?.close();
});

describe('"… is editing"', () => {
  it('shows under a message another member is editing, and goes when they stop', async () => {
    const theirs = await memberZ.sendToTopic(channel.stream_id, topic, 'Their first draft');
    // The channel opens at its first unread message; the topic holds only this test's messages.
    const channels = page.getByRole('navigation', { name: 'Channels' });
    await channels.getByRole('button', { name: channel.name, exact: true }).click();
    await channels.getByRole('button', { name: topic, exact: true }).click();
    await ui.visible(article('Their first draft'));
    await memberHttp.post(`/messages/${theirs}/typing`, { op: 'start' });
    const notice = page.getByRole('status').filter({ hasText: `${member.fullName} is editing…` });
    await ui.visible(notice);
    await ui.shoot('someone-editing');
    await memberHttp.post(`/messages/${theirs}/typing`, { op: 'stop' });
    await ui.gone(notice);
  });

  it('is sent while the user edits their own message, and stopped when it is saved', async () => {
    const queueId = String((await memberHttp.initialState('typing_edit_message'))['queue_id']);
    // Still in the topic from the first case, so the message goes there.
    await page.getByRole('textbox', { name: 'Message' }).fill('My words to fix');
    await page.getByRole('button', { name: 'Send' }).click();
    const mine = article('My words to fix');
    await ui.visible(mine.getByRole('button', { name: 'Message actions' }));
    await mine.hover();
    await mine.getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit message' }).click();
    const box = page.getByRole('textbox', { name: 'Edit message' });
    await ui.visible(box);
    await box.press('End');
    await box.pressSequentially(', fixed');
    const events = async (): Promise<string[]> => {
      const res = await memberHttp.get('/events', { queue_id: queueId, last_event_id: -1, dont_block: true });
      return (res['events'] as { type: string; op: string }[])
        .filter((e) => e.type === 'typing_edit_message')
        .map((e) => e.op);
    };
    await expect.poll(events, { timeout: UI_TIMEOUT }).toEqual(['start']);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await ui.visible(article('My words to fix, fixed').getByText('(edited)'));
    await expect.poll(events, { timeout: UI_TIMEOUT }).toEqual(['start', 'stop']);
  });
});
