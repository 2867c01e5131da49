/**
 * Small round trips between the screen and main, end to end with real parts (Chromium, the
 * bridge host, the core, the dev server): editing starts from the message's Markdown, a
 * conversation reopens with its draft, a notification opens its conversation, and
 * do-not-disturb is still on after a reload. Steps run in order on one signed-in session.
 */
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppState } from '../../common/model';
import type { createCore } from '../../main/core';
import type { BridgeHost } from '../../main/host/bridge-host';
import type { DevServerUser, RunningDevServer } from '../helpers/devserver';
import { ARTIFACTS, UI_TIMEOUT, sharedChannel, signInThroughUi, startE2eApp, type E2eApp } from './support';
import { ZulipUser } from './zulip-http';

let e2e: E2eApp;
let server: RunningDevServer;
let app: { core: Awaited<ReturnType<typeof createCore>>; host: BridgeHost };
let page: Page;
let owner: DevServerUser;
let member: DevServerUser;
let ownerHttp: ZulipUser;
let memberHttp: ZulipUser;
let channel: { stream_id: number; name: string };
const topic = `round trips ${Date.now().toString(36)}`;
const tag = (): string => `rt${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const visible = (locator: Locator): Promise<void> => locator.waitFor({ state: 'visible', timeout: UI_TIMEOUT });
const shoot = (name: string): Promise<Buffer> => page.screenshot({ path: join(ARTIFACTS, `round-trips-${name}.png`) });
const article = (text: string): Locator => page.getByRole('log').getByRole('article').filter({ hasText: text });
const composeBox = (): Locator => page.getByRole('textbox', { name: 'Message' });
const channelButton = (name: string): Locator =>
  page.getByRole('navigation', { name: 'Channels' }).getByRole('button', { name, exact: true });

beforeAll(async () => {
  e2e = await startE2eApp('round-trips');
  ({ server, page } = e2e);
  app = { core: e2e.core, host: e2e.host };
  owner = server.byRole(100);
  member = server.byRole(400);
  ownerHttp = await ZulipUser.login(server.baseUrl, owner.email, owner.password);
  memberHttp = await ZulipUser.login(server.baseUrl, member.email, member.password);
  // The draft step leaves this channel for another one and comes back.
  if ((await ownerHttp.subscriptions()).length < 2) throw new Error('The demo seed lacks the channels this test needs');
  channel = await sharedChannel(ownerHttp, memberHttp);
});

afterAll(async () => {
  await e2e?.close();
});

describe('round trips', () => {
  it('signs in and edits a message starting from its Markdown', async () => {
    await page.goto(app.host.url);
    await signInThroughUi(page, server.baseUrl, owner);
    await visible(page.getByRole('navigation', { name: 'Channels' }));

    await channelButton(channel.name).click();
    await page.getByRole('combobox', { name: 'Topic' }).fill(topic);
    const word = tag();
    const markdown = `Plan **${word}** with \`code\``;
    await composeBox().fill(markdown);
    await page.getByRole('button', { name: 'Send' }).click();
    const sent = article(word);
    await visible(sent.locator('strong', { hasText: word }));
    await visible(sent.getByRole('button', { name: 'Message actions' }));
    await sent.hover();
    await sent.getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit message' }).click();
    const box = page.getByRole('textbox', { name: 'Edit message' });
    await visible(box);
    expect(await box.inputValue()).toBe(markdown);
    await box.fill(`${markdown} (revised)`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(article(`${word}`).getByText('(edited)'));
    await expect
      .poll(async () => (await ownerHttp.newestMessages([{ operator: 'channel', operand: channel.stream_id }], 1))[0])
      .toMatchObject({ content: `${markdown} (revised)` });
    await shoot('01-edit');
  });

  it('reopens a conversation with the draft left in it', async () => {
    const words = `Half a thought ${tag()}`;
    await composeBox().fill(words);
    await visible(page.getByRole('status').filter({ hasText: 'Draft saved' }));
    // Away to another channel (its own box starts empty), and back.
    const otherChannel = (await ownerHttp.subscriptions()).find((s) => s.stream_id !== channel.stream_id)!;
    await channelButton(otherChannel.name).click();
    await visible(page.getByRole('log', { name: `#${otherChannel.name}` }));
    await expect.poll(() => composeBox().inputValue()).toBe('');
    await channelButton(channel.name).click();
    await expect.poll(() => composeBox().inputValue(), { timeout: UI_TIMEOUT }).toBe(words);
    expect(await page.getByRole('combobox', { name: 'Topic' }).inputValue()).toBe(topic);
    await shoot('02-draft');
    await composeBox().fill('');
  });

  it('opens the conversation of a notification when it is clicked', async () => {
    const words = `Are you free? ${tag()}`;
    await memberHttp.sendDirect([owner.userId], words);
    // Headless Chromium has not been granted desktop notifications: it shows an in-app toast.
    const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('group').filter({ hasText: words });
    await visible(toast);
    await shoot('03-notification');
    await toast.getByRole('button', { name: 'Open conversation' }).click();
    await visible(page.getByRole('log', { name: member.fullName }).getByText(words));
    await expect(toast.count()).resolves.toBe(0);
  });

  it('keeps do-not-disturb on across a reload', async () => {
    const dnd = page.getByRole('checkbox', { name: 'Do not disturb' });
    expect(await dnd.isChecked()).toBe(false);
    await dnd.check();
    // Main keeps it: app:state says so before the page is reloaded.
    await expect
      .poll(async () => {
        const state = await app.core.dispatch('app:state', {});
        return state.ok && (state.value as AppState).doNotDisturb;
      })
      .toBe(true);
    await page.reload();
    await visible(page.getByRole('navigation', { name: 'Channels' }));
    expect(await page.getByRole('checkbox', { name: 'Do not disturb' }).isChecked()).toBe(true);
    // And while it is on, a direct message shows no notification.
    const quiet = `Quiet please ${tag()}`;
    await memberHttp.sendDirect([owner.userId], quiet);
    await visible(page.getByRole('log').getByText(quiet));
    expect(await page.getByRole('region', { name: 'Notifications' }).getByText(quiet).count()).toBe(0);
  });
});
