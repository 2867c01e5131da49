/**
 * The core flows in Chromium against servers of three feature levels: the newest (420), Zulip
 * 10.0 (371) and Zulip 8.0 (237), the oldest Parley supports (the dev server's --feature-level,
 * devserver/levels/). Sign in, read, send, react, create a channel (directly from 417, by
 * subscribing below, offering only the options the level has), mute a topic and change a
 * setting; each step is checked on the server over HTTP as well as on the screen.
 */
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevServerUser } from '../helpers/devserver';
import { ApiUser, unique } from './screens-support';
import { ARTIFACTS, UI_TIMEOUT, sharedChannel, signInThroughUi, startE2eApp, type E2eApp } from './support';
import { ZulipUser } from './zulip-http';

const poll = { timeout: UI_TIMEOUT };

describe.each([420, 371, 237])('a server at feature level %i', (level) => {
  let e2e: E2eApp;
  let page: Page;
  let owner: DevServerUser;
  let ownerHttp: ApiUser;
  let ownerZulip: ZulipUser;
  let memberZulip: ZulipUser;
  let channel: { stream_id: number; name: string };
  const topic = unique(`level ${level}`);

  const visible = (locator: Locator): Promise<void> => locator.waitFor({ state: 'visible', timeout: UI_TIMEOUT });
  const shoot = (name: string): Promise<Buffer> =>
    page.screenshot({ path: join(ARTIFACTS, `older-servers-${level}-${name}.png`) });
  const article = (text: string): Locator => page.getByRole('log').getByRole('article').filter({ hasText: text });
  const views = (name: string): Promise<void> =>
    page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name, exact: true }).click();
  const inTopic = async (http: ZulipUser) =>
    (await http.newestMessages(
      [
        { operator: 'channel', operand: channel.stream_id },
        { operator: 'topic', operand: topic },
      ],
      20,
    )) as Array<{ id: number; content: string; reactions?: Array<{ emoji_name: string; user_id: number }> }>;

  beforeAll(async () => {
    e2e = await startE2eApp(`older-${level}`, undefined, { seed: 'demo', args: ['--feature-level', String(level)] });
    page = e2e.page;
    owner = e2e.server.byRole(100);
    const member = e2e.server.byRole(400);
    ownerHttp = await ApiUser.login(e2e.server.baseUrl, owner.email, owner.password);
    ownerZulip = await ZulipUser.login(e2e.server.baseUrl, owner.email, owner.password);
    memberZulip = await ZulipUser.login(e2e.server.baseUrl, member.email, member.password);
    channel = await sharedChannel(ownerZulip, memberZulip);
    await ownerZulip.markChannelRead(channel.stream_id);
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('signs in and reads what another user sends', async () => {
    await page.goto(e2e.host.url);
    await signInThroughUi(page, e2e.server.baseUrl, owner);
    const settings = await ownerHttp.get('/server_settings');
    expect(settings['zulip_feature_level']).toBe(level);
    await memberZulip.sendToTopic(channel.stream_id, topic, `Hello from level ${level}`);
    await page
      .getByRole('navigation', { name: 'Channels' })
      .getByRole('button', { name: channel.name, exact: true })
      .click();
    await visible(article(`Hello from level ${level}`));
  });

  it('sends a message and reacts to one', async () => {
    await page.getByRole('combobox', { name: 'Topic' }).fill(topic);
    await page.getByRole('textbox', { name: 'Message' }).fill(`Answer at level ${level}`);
    await page.getByRole('button', { name: 'Send' }).click();
    await visible(article(`Answer at level ${level}`).getByRole('button', { name: 'Message actions' }));
    await expect
      .poll(async () => (await inTopic(ownerZulip)).map((m) => m.content), poll)
      .toContainEqual(expect.stringContaining(`Answer at level ${level}`));

    const theirs = article(`Hello from level ${level}`);
    await theirs.hover();
    await theirs.getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'Add reaction' }).click();
    await page
      .getByRole('group', { name: 'Choose a reaction' })
      .getByRole('region', { name: 'Frequently used' })
      .getByRole('button', { name: ':tada:' })
      .click();
    await visible(theirs.getByRole('button', { name: /^tada: 1, including you/ }));
    await expect
      .poll(async () => (await inTopic(ownerZulip)).flatMap((m) => (m.reactions ?? []).map((r) => r.emoji_name)), poll)
      .toContain('tada');
    await shoot('1-conversation');
  });

  it('mutes the topic (POST /user_topics from 170)', async () => {
    const toggle = page
      .getByRole('navigation', { name: 'Channels' })
      .getByRole('button', { name: `Topics in ${channel.name}` });
    await visible(toggle.and(page.locator(':enabled')));
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    // The sidebar's menu (the recipient bars carry one of the same name).
    await page
      .getByRole('navigation', { name: 'Channels' })
      .getByRole('button', { name: `Topic options for ${topic}`, exact: true })
      .click();
    await page
      .getByRole('menu', { name: `Topic options for ${topic}` })
      .getByRole('menuitem', { name: 'Mute topic', exact: true })
      .click();
    const muted = async (): Promise<boolean> => {
      const state = await ownerHttp.initialState('muted_topics');
      return (state['muted_topics'] as unknown[][]).some((t) => t[0] === channel.name && t[1] === topic);
    };
    await expect.poll(muted, poll).toBe(true);
  });

  it('creates a channel offering only the options this server has', async () => {
    await views('Browse channels');
    const form = page.getByRole('form', { name: 'Create a channel' });
    await visible(form.getByRole('textbox', { name: 'Channel name' }));
    // Topics policy per channel: Zulip 11 (392). Permission settings as group values: from 320.
    expect(await form.getByRole('combobox', { name: 'Topics' }).count()).toBe(level >= 392 ? 1 : 0);
    expect(await form.getByText('Permissions').count()).toBe(level >= 320 ? 1 : 0);
    await shoot('2-create-form');
    const name = unique(`made at ${level}`);
    await form.getByRole('textbox', { name: 'Channel name' }).fill(name);
    await form.getByRole('textbox', { name: 'Description' }).fill(`Created against level ${level}`);
    await form.getByRole('button', { name: 'Create channel' }).click();
    // Nothing the form offered was ignored: no notice, and the new channel opens (a notice keeps the form).
    await expect.poll(async () => (await ownerHttp.subscriptions()).map((s) => s.name), poll).toContain(name);
    expect(await page.getByText(/server ignored/).count()).toBe(0);
  });

  it('offers the personal settings this server has, and saves one', async () => {
    await views('Personal settings');
    const screen = page.getByRole('region', { name: 'Personal settings' });
    const h24 = screen.getByRole('checkbox', { name: 'Show times on a 24-hour clock' });
    await visible(h24.and(page.locator(':enabled')));
    // receives_typing_notifications arrived in Zulip 8.1 (253): Zulip 8.0 does not list it.
    expect(await screen.getByRole('checkbox', { name: 'Show when others are typing' }).count()).toBe(
      level >= 253 ? 1 : 0,
    );
    const was = await h24.isChecked();
    await h24.setChecked(!was);
    await expect
      .poll(
        async () =>
          ((await ownerHttp.initialState('user_settings'))['user_settings'] as Record<string, unknown>)[
            'twenty_four_hour_time'
          ],
        poll,
      )
      .toBe(!was);
    await shoot('3-settings');
  });
});
