/**
 * notify:show from live message events, decided by main/notifications' policy over what the
 * cache knows: DMs and mentions ring, plain channel traffic does not (the default), our own
 * messages never do, a followed topic does, and do-not-disturb and the user's settings
 * (changed on the server, arriving as events) silence them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSummary } from '../../../common/model';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { Actor } from '../consistency/actor';
import { startLiveCore, type TestCore } from '../core/harness';
import { tempDir } from '../store/fixtures';

let server: RunningDevServer;
let t: TestCore;
let account: AccountSummary;
let me: Actor;
let other: Actor;
let otherName: string;
let channelId: number;
let channelName: string;

beforeAll(async () => {
  server = await startDevServer();
  const member = server.byRole(400);
  ({ t, account } = await startLiveCore(tempDir(), server.baseUrl, member));
  me = await Actor.login(server.baseUrl, member.email, member.password);
  const o = server.users.find((u) => u.role <= 400 && u.userId !== member.userId)!;
  other = await Actor.login(server.baseUrl, o.email, o.password);
  otherName = o.fullName;
  // A channel both are in: the sender subscribes to the member's first channel.
  const channel = (await t.ok('sidebar:get', { accountId: account.id })).channels[0]!;
  channelId = channel.id;
  channelName = channel.name;
  await other.call('POST', '/users/me/subscriptions', { subscriptions: [{ name: channel.name }] });
}, 30_000);
afterAll(async () => {
  await t?.core.close();
  await server?.stop();
});

/** Waits until message `id` is in the cache (messages:added), then returns the notifications with `text`. */
async function notificationsAfter(id: number, text: string) {
  await t.waitFor('messages:added', (p) => p.accountId === account.id && p.messages.some((m) => m.id === id));
  return t.events
    .filter((e) => e.name === 'notify:show')
    .map((e) => e.payload as { accountId: string; title: string; body: string; narrow: unknown })
    .filter((n) => n.body.includes(text));
}

describe('notify:show', () => {
  it('a direct message notifies, with who wrote it and where a click leads (that message)', async () => {
    const id = await other.sendDm([me.userId], 'are you there? (dm-1)');
    const shown = await notificationsAfter(id, '(dm-1)');
    expect(shown).toEqual([
      {
        accountId: account.id,
        title: `${otherName} (to you)`,
        body: 'are you there? (dm-1)',
        narrow: { kind: 'dm', userIds: [other.userId] },
        messageId: id,
      },
    ]);
  });

  it('plain channel traffic does not notify by default; a mention does', async () => {
    const plain = await other.sendToChannel(channelId, 'notify test', 'just chatting (ch-1)');
    expect(await notificationsAfter(plain, '(ch-1)')).toEqual([]);
    const mention = await other.sendToChannel(channelId, 'notify test', `@**${account.fullName}** look (ch-2)`);
    const shown = await notificationsAfter(mention, '(ch-2)');
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      title: `${otherName} (#${channelName} > notify test)`,
      narrow: { kind: 'topic', channelId, topic: 'notify test' },
      messageId: mention,
    });
  });

  it('our own messages never notify', async () => {
    const { localId } = await t.ok('compose:send', {
      accountId: account.id,
      to: { kind: 'dm', userIds: [other.userId] },
      content: `@**${account.fullName}** note to me (own-1)`,
    });
    await t.waitFor('messages:updated', (p) => p.messages.some((m) => m.localId === localId && m.id > 0));
    // From my phone: a DM (which would ring if someone else wrote it), arriving as a plain event.
    const fromOtherClient = await me.sendDm([other.userId], 'from my phone (own-2)');
    expect(await notificationsAfter(fromOtherClient, '(own-2)')).toEqual([]);
    expect(t.events.some((e) => e.name === 'notify:show' && JSON.stringify(e.payload).includes('(own-1)'))).toBe(false);
  });

  it('a followed topic notifies without a mention', async () => {
    await me.call('POST', '/user_topics', { stream_id: channelId, topic: 'followed one', visibility_policy: 3 });
    // Let the user_topic event reach the cache before the message does.
    const marker = await other.sendToChannel(channelId, 'elsewhere', 'marker (fol-0)');
    await notificationsAfter(marker, '(fol-0)');
    const id = await other.sendToChannel(channelId, 'followed one', 'news in a followed topic (fol-1)');
    expect(await notificationsAfter(id, '(fol-1)')).toHaveLength(1);
  });

  it('do-not-disturb silences everything until turned off, and is kept', async () => {
    await t.ok('notify:setDoNotDisturb', { enabled: true });
    const quiet = await other.sendDm([me.userId], 'shh (dnd-1)');
    expect(await notificationsAfter(quiet, '(dnd-1)')).toEqual([]);
    await t.ok('notify:setDoNotDisturb', { enabled: false });
    const loud = await other.sendDm([me.userId], 'hello again (dnd-2)');
    expect(await notificationsAfter(loud, '(dnd-2)')).toHaveLength(1);
  });

  it('stays quiet for the conversation on screen in a focused window, and rings again when the window loses focus', async () => {
    const dm = { kind: 'dm' as const, userIds: [other.userId] };
    t.core.receive('window:attention', { accountId: account.id, narrow: dm, focused: true });
    const seen = await other.sendDm([me.userId], 'you can see this arrive (att-1)');
    expect(await notificationsAfter(seen, '(att-1)')).toEqual([]);
    // Another conversation on screen still rings for this one; so does a channel feed for a DM.
    t.core.receive('window:attention', {
      accountId: account.id,
      narrow: { kind: 'channel', channelId },
      focused: true,
    });
    const elsewhere = await other.sendDm([me.userId], 'you are reading a channel (att-2)');
    expect(await notificationsAfter(elsewhere, '(att-2)')).toHaveLength(1);
    // The channel's feed on screen covers a mention in any of its topics.
    const inFeed = await other.sendToChannel(channelId, 'any topic', `@**${account.fullName}** in the feed (att-3)`);
    expect(await notificationsAfter(inFeed, '(att-3)')).toEqual([]);
    // The same conversation, but the window is behind another one: it rings.
    t.core.receive('window:attention', { accountId: account.id, narrow: dm, focused: false });
    const behind = await other.sendDm([me.userId], 'the window is in the background (att-4)');
    expect(await notificationsAfter(behind, '(att-4)')).toHaveLength(1);
    // A payload of the wrong shape changes nothing (still unfocused: it rings).
    t.core.receive('window:attention', { accountId: account.id, narrow: 'dm', focused: true } as never);
    const after = await other.sendDm([me.userId], 'a bad report is ignored (att-5)');
    expect(await notificationsAfter(after, '(att-5)')).toHaveLength(1);
  });

  it('follows the user settings changed on the server (user_settings events)', async () => {
    await me.call('PATCH', '/settings', { enable_desktop_notifications: false });
    const marker = await other.sendToChannel(channelId, 'elsewhere', 'marker (set-0)');
    await notificationsAfter(marker, '(set-0)');
    const id = await other.sendDm([me.userId], 'settings say no (set-1)');
    expect(await notificationsAfter(id, '(set-1)')).toEqual([]);
    await me.call('PATCH', '/settings', {
      enable_desktop_notifications: true,
      pm_content_in_desktop_notifications: false,
    });
    const marker2 = await other.sendToChannel(channelId, 'elsewhere', 'marker (set-2)');
    await notificationsAfter(marker2, '(set-2)');
    const hidden = await other.sendDm([me.userId], 'private words (set-3)');
    await t.waitFor('messages:added', (p) => p.messages.some((m) => m.id === hidden));
    const shown = t.events.filter((e) => e.name === 'notify:show').at(-1)!.payload as { body: string };
    expect(shown.body).not.toContain('private words');
    expect(shown.body).toContain(otherName);
  });
});
