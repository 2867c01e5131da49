/**
 * The channel screens end to end (Chromium → bridge host → core → dev server): a channel's
 * personal settings, browsing and (un)subscribing, creating a channel, and a topic's visibility
 * from its sidebar menu. Each step checks the server over HTTP and the screen; changes made from
 * "another device" over HTTP must reach the screen through the event queue.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevServerUser, RunningDevServer } from '../helpers/devserver';
import { ApiUser, screenHelpers, unique, type Subscription } from './screens-support';
import { UI_TIMEOUT, signInThroughUi, startE2eApp, type E2eApp } from './support';

let e2e: E2eApp;
let server: RunningDevServer;
let page: Page;
let owner: DevServerUser;
let ownerHttp: ApiUser;
let memberHttp: ApiUser;
/** A channel the owner and the member share, neither pinned nor muted at the start. */
let channel: Subscription;
/** Another such channel, left as it is (the topic steps need an unmuted channel). */
let quiet: Subscription;
let ui: ReturnType<typeof screenHelpers>;

const poll = { timeout: UI_TIMEOUT };
/** The channel rows of the sidebar, top to bottom, by the name of their topics toggle. */
const sidebarOrder = (): Promise<string[]> =>
  ui
    .channels()
    .getByRole('button', { name: /^Topics in / })
    .evaluateAll((buttons) => buttons.map((b) => (b.getAttribute('aria-label') ?? '').replace('Topics in ', '')));
const sidebarChannel = (name: string): Locator => ui.channels().getByRole('button', { name, exact: true });
const settingsScreen = (): Locator => page.getByRole('region', { name: 'Channel settings' });
const browse = (): Locator => page.getByRole('region', { name: 'Browse channels' });

beforeAll(async () => {
  e2e = await startE2eApp('screens-channels');
  ({ server, page } = e2e);
  ui = screenHelpers(page, 'screens-channels');
  owner = server.byRole(100);
  const member = server.byRole(400);
  ownerHttp = await ApiUser.login(server.baseUrl, owner.email, owner.password);
  memberHttp = await ApiUser.login(server.baseUrl, member.email, member.password);
  const theirs = new Set((await memberHttp.subscriptions()).map((s) => s.stream_id));
  const plain = (await ownerHttp.subscriptions()).filter(
    (s) => theirs.has(s.stream_id) && !s.is_muted && !s.pin_to_top && !s.is_archived,
  );
  // By name: muting the first moves it below the last, pinning moves it back above.
  plain.sort((a, b) => a.name.localeCompare(b.name));
  const [first, last] = [plain[0], plain.at(-1)];
  if (!first || !last || first === last) throw new Error('The demo seed lacks two plain channels both users share');
  [channel, quiet] = [first, last];

  await page.goto(e2e.host.url);
  await signInThroughUi(page, server.baseUrl, owner);
});

afterAll(async () => {
  await e2e?.close();
});

describe('channel settings', () => {
  it('changes the color, and the sidebar swatch follows', async () => {
    await ui.menu(`Channel options for ${channel.name}`, 'Channel settings');
    await ui.visible(settingsScreen().getByRole('heading', { name: `Channel settings: #${channel.name}` }));
    await settingsScreen().getByLabel('Color').fill('#1e88e5');
    await ui.visible(settingsScreen().getByRole('status').filter({ hasText: 'Color saved.' }));
    await expect.poll(async () => (await ownerHttp.subscription(channel.stream_id))?.color, poll).toBe('#1e88e5');
    const swatch = sidebarChannel(channel.name).locator('.swatch');
    await expect
      .poll(() => swatch.evaluate((el) => getComputedStyle(el).backgroundColor), poll)
      .toBe('rgb(30, 136, 229)');
  });

  it('mutes and pins, and the sidebar reorders', async () => {
    await settingsScreen().getByRole('checkbox', { name: 'Muted' }).check();
    await ui.visible(settingsScreen().getByRole('status').filter({ hasText: 'Mute saved.' }));
    await expect.poll(async () => (await ownerHttp.subscription(channel.stream_id))?.is_muted, poll).toBe(true);
    // Muted channels sink below the unmuted ones, pinned ones rise above the rest.
    const above = async (): Promise<boolean> => {
      const order = await sidebarOrder();
      return order.indexOf(channel.name) < order.indexOf(quiet.name);
    };
    await expect.poll(above, poll).toBe(false);

    await settingsScreen().getByRole('checkbox', { name: 'Pinned to the top' }).check();
    await ui.visible(settingsScreen().getByRole('status').filter({ hasText: 'Pin saved.' }));
    await expect.poll(async () => (await ownerHttp.subscription(channel.stream_id))?.pin_to_top, poll).toBe(true);
    await expect.poll(above, poll).toBe(true);
    expect(await settingsScreen().getByRole('checkbox', { name: 'Muted' }).isChecked()).toBe(true);
    await ui.shoot('01-settings');
  });

  it('sets a notification setting, and shows one changed on another device', async () => {
    const desktop = settingsScreen().getByRole('combobox', { name: 'Desktop notifications' });
    await desktop.selectOption('on');
    await ui.visible(settingsScreen().getByRole('status').filter({ hasText: 'Desktop notifications saved.' }));
    await expect
      .poll(async () => (await ownerHttp.subscription(channel.stream_id))?.desktop_notifications, poll)
      .toBe(true);

    await ownerHttp.post('/users/me/subscriptions/properties', {
      subscription_data: JSON.stringify([
        { stream_id: channel.stream_id, property: 'email_notifications', value: true },
      ]),
    });
    const email = settingsScreen().getByRole('combobox', { name: 'Email notifications' });
    await expect.poll(() => email.inputValue(), poll).toBe('on');
    // Once set, "Your default" is no longer offered (the API cannot set null back).
    expect(await desktop.getByRole('option', { name: 'Your default' }).isDisabled()).toBe(true);
  });

  it('unsubscribes from the settings screen', async () => {
    await settingsScreen().getByRole('button', { name: 'Unsubscribe' }).click();
    await ui.visible(page.getByRole('region', { name: 'Browse channels' }));
    await expect.poll(async () => ownerHttp.subscription(channel.stream_id), poll).toBeUndefined();
    await ui.gone(sidebarChannel(channel.name));
  });
});

describe('browse channels', () => {
  const row = (name: string): Locator =>
    browse().getByRole('list', { name: 'All channels' }).getByRole('listitem', { name, exact: true });

  it('shows descriptions as the server rendered their Markdown', async () => {
    await ui.visible(row('announcements').locator('strong', { hasText: 'Topics are required' }));
    await ui.visible(row('engineering').getByRole('link', { name: /engineering.*reviews/ }));
  });

  it('subscribes to a channel, which joins the sidebar', async () => {
    await row(channel.name)
      .getByRole('button', { name: `Subscribe to ${channel.name}` })
      .click();
    await ui.visible(row(channel.name).getByRole('button', { name: `Unsubscribe from ${channel.name}` }));
    await expect.poll(async () => (await ownerHttp.subscription(channel.stream_id))?.name, poll).toBe(channel.name);
    await ui.visible(sidebarChannel(channel.name));
  });

  it('unsubscribes, and follows a subscription made on another device', async () => {
    await row(channel.name)
      .getByRole('button', { name: `Unsubscribe from ${channel.name}` })
      .click();
    await ui.visible(row(channel.name).getByRole('button', { name: `Subscribe to ${channel.name}` }));
    await expect.poll(async () => ownerHttp.subscription(channel.stream_id), poll).toBeUndefined();
    await ui.gone(sidebarChannel(channel.name));

    await ownerHttp.post('/users/me/subscriptions', { subscriptions: JSON.stringify([{ name: channel.name }]) });
    await ui.visible(row(channel.name).getByRole('button', { name: `Unsubscribe from ${channel.name}` }));
    await ui.visible(sidebarChannel(channel.name));
  });
});

describe('create a channel', () => {
  const form = (): Locator => page.getByRole('form', { name: 'Create a channel' });

  it('says what is missing, and keeps what was typed when the server refuses', async () => {
    await form().getByRole('button', { name: 'Create channel' }).click();
    await ui.visible(form().getByRole('alert').filter({ hasText: 'Enter a name for the channel.' }));

    // A name already taken: the server's reason, and the words stay for a retry.
    await form().getByRole('textbox', { name: 'Channel name' }).fill(channel.name);
    await form().getByRole('textbox', { name: 'Description' }).fill('Taken already');
    await form().getByRole('button', { name: 'Create channel' }).click();
    await ui.visible(
      form()
        .getByRole('alert')
        .filter({ hasText: /already exists/i }),
    );
    expect(await form().getByRole('textbox', { name: 'Description' }).inputValue()).toBe('Taken already');
  });

  it('creates a private channel, subscribed, and lists it', async () => {
    const name = unique('launch');
    await form().getByRole('textbox', { name: 'Channel name' }).fill(name);
    await form().getByRole('textbox', { name: 'Description' }).fill('Planning the launch');
    await form()
      .getByRole('combobox', { name: 'Who can access the channel' })
      .selectOption({ label: 'Private, protected history: new subscribers see only what comes after' });
    await form().getByRole('button', { name: 'Create channel' }).click();
    // The new channel opens at once, as in Zulip (#27 item 8); Browse channels then lists it.
    await ui.visible(page.getByRole('heading', { name: `#${name}`, exact: true }));
    await ui.goTo('Browse channels');
    expect(await form().getByRole('textbox', { name: 'Channel name' }).inputValue()).toBe('');

    const streams = (await ownerHttp.get('/streams'))['streams'] as Array<Record<string, unknown>>;
    expect(streams.find((s) => s['name'] === name)).toMatchObject({
      description: 'Planning the launch',
      invite_only: true,
    });
    expect((await ownerHttp.subscriptions()).map((s) => s.name)).toContain(name);
    await ui.visible(sidebarChannel(name));
    const row = browse().getByRole('listitem', { name, exact: true });
    await ui.visible(row.getByText('private'));
    await ui.shoot('02-created');
  });

  it('creates a channel with topics policy, retention, subscribers and a permission, as the server then has it', async () => {
    const name = unique('announcements only');
    const member = server.byRole(400);
    await form().getByRole('textbox', { name: 'Channel name' }).fill(name);
    await form().getByRole('combobox', { name: 'Topics' }).selectOption({ label: 'Every message needs a topic' });
    await form().getByRole('combobox', { name: 'Keep messages' }).selectOption({ label: 'Forever' });
    const subscribers = form().getByRole('group', { name: 'Subscribers' });
    await subscribers.getByRole('combobox').fill(member.fullName);
    await subscribers.getByRole('option', { name: new RegExp(member.fullName) }).click();
    await form().getByText('Permissions').click();
    await form().getByRole('button', { name: 'Change: Who can post' }).click();
    await form().getByRole('combobox', { name: 'Group for Who can post' }).selectOption({ label: 'Administrators' });
    await ui.shoot('03-create-options');
    await form().getByRole('button', { name: 'Create channel' }).click();
    await ui.visible(page.getByRole('heading', { name: `#${name}`, exact: true }));
    await ui.goTo('Browse channels');

    const streams = (await ownerHttp.get('/streams'))['streams'] as Array<Record<string, unknown>>;
    const created = streams.find((s) => s['name'] === name)!;
    const groups = (await ownerHttp.get('/user_groups'))['user_groups'] as Array<{ id: number; name: string }>;
    expect(created).toMatchObject({
      topics_policy: 'disable_empty_topic',
      message_retention_days: -1,
      can_send_message_group: groups.find((g) => g.name === 'role:administrators')!.id,
    });
    expect((await memberHttp.subscriptions()).map((s) => s.name)).toContain(name);
  });
});

describe('topic visibility', () => {
  const topic = unique('visibility');
  const policy = async (): Promise<number | undefined> => {
    const state = await ownerHttp.initialState('user_topic');
    const topics = state['user_topics'] as Array<{ stream_id: number; topic_name: string; visibility_policy: number }>;
    return topics.find((t) => t.stream_id === quiet.stream_id && t.topic_name === topic)?.visibility_policy ?? 0;
  };
  const topicRow = (): Locator =>
    ui
      .channels()
      .getByRole('list', { name: `Topics in ${quiet.name}` })
      .getByRole('listitem')
      .filter({ hasText: topic });

  it('mutes, unmutes and follows a topic from its menu', async () => {
    await memberHttp.post('/messages', { type: 'stream', to: quiet.stream_id, topic, content: 'A fresh topic' });
    const toggle = ui.channels().getByRole('button', { name: `Topics in ${quiet.name}` });
    // The toggle is enabled once the new topic has reached the sidebar through the event queue.
    await ui.visible(toggle.and(page.locator(':enabled')));
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await ui.visible(topicRow());

    await ui.menu(`Topic options for ${topic}`, 'Mute topic');
    await expect.poll(policy, poll).toBe(1);
    await ui.visible(topicRow().getByText('muted', { exact: true }));

    await ui.menu(`Topic options for ${topic}`, 'Unmute topic');
    await expect.poll(policy, poll).toBe(0);
    await ui.gone(topicRow().getByText('muted', { exact: true }));

    await ui.menu(`Topic options for ${topic}`, 'Follow topic');
    await expect.poll(policy, poll).toBe(3);
    await ui.visible(topicRow().getByText('followed', { exact: true }));
    await ui.shoot('03-followed');
  });

  it('shows a policy set on another device, and offers the matching action', async () => {
    await ownerHttp.post('/user_topics', { stream_id: quiet.stream_id, topic, visibility_policy: 1 });
    await ui.visible(topicRow().getByText('muted', { exact: true }));
    await page.getByRole('button', { name: `Topic options for ${topic}`, exact: true }).click();
    const menu = page.getByRole('menu', { name: `Topic options for ${topic}` });
    await ui.visible(menu.getByRole('menuitem', { name: 'Unmute topic' }));
    await ui.visible(menu.getByRole('menuitem', { name: 'Follow topic' }));
    await page.keyboard.press('Escape');
  });

  it('takes a topic muted on another device out of the open Inbox, and brings it back when unmuted', async () => {
    // The Inbox keeps its rows between updates (lib/conversations.ts); a policy's change must still redraw them.
    const fresh = unique('inbox-muting');
    await memberHttp.post('/messages', {
      type: 'stream',
      to: quiet.stream_id,
      topic: fresh,
      content: 'Unread for the owner',
    });
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Inbox', exact: true }).click();
    const row = page.getByRole('region', { name: 'Inbox' }).getByRole('button', { name: fresh });
    await ui.visible(row.first());
    await ownerHttp.post('/user_topics', { stream_id: quiet.stream_id, topic: fresh, visibility_policy: 1 });
    await ui.gone(row.first());
    await ownerHttp.post('/user_topics', { stream_id: quiet.stream_id, topic: fresh, visibility_policy: 0 });
    await ui.visible(row.first());
  });
});
