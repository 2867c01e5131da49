import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../main/log';
import { AccountStore } from '../../../main/store/account-store';
import { NEWEST } from '../../../main/store/narrows';
import { applyEvent, type ApplyContext } from '../../../main/sync/appliers';
import { tempDir } from '../store/fixtures';
import { SELF, channelWire, dmWire, event, messageEvent, subscription, user } from './fixtures';

let store: AccountStore;
let ctx: ApplyContext;
beforeEach(() => {
  store = AccountStore.open(join(tempDir(), 'a.sqlite'));
  ctx = { store, selfUserId: SELF, log: createLogger({ name: 'test', sink: () => {} }) };
  return () => store.close();
});

const apply = (raw: Record<string, unknown>) => applyEvent(ctx, event(raw));

describe('message applier', () => {
  it('caches a channel message with its unread state, topic and a messagesAdded delta', () => {
    const deltas = applyEvent(ctx, messageEvent(1, channelWire(100, 10, 'lunch'), ['mentioned']));
    // Only channel 10's sidebar row can have changed.
    expect(deltas).toEqual([
      { kind: 'messagesAdded', ids: [100] },
      { kind: 'sidebarChanged', touched: { channels: [10] } },
    ]);
    expect(store.messages.getByIds([100])[0]).toMatchObject({ read: false, otherFlags: ['mentioned'], channelId: 10 });
    expect(store.unreads.countsByTopic()).toEqual([{ channelId: 10, topic: 'lunch', count: 1, maxId: 100 }]);
    expect(store.topics.recent(10, 5)).toEqual([{ channelId: 10, name: 'lunch', maxMessageId: 100 }]);
  });

  it('files a DM under all its participants and updates recent DMs; read messages are not unread', () => {
    applyEvent(ctx, messageEvent(1, dmWire(200, [SELF, 2, 3]), ['read']));
    expect(store.messages.getByIds([200])[0]).toMatchObject({ dmKey: '1,2,3', channelId: null, read: true });
    expect(store.recentDms.recent(5)).toEqual([{ dmKey: '1,2,3', maxMessageId: 200 }]);
    expect(store.unreads.countsByDm()).toEqual([]);
  });

  it('replaces the local echo when the event carries our local_id, or the ID the send returned', () => {
    const base = {
      createdAt: 1,
      target: { kind: 'channel' as const, channelId: 10, topic: 't' },
      channelId: 10,
      topic: 't',
      dmKey: null,
      content: 'hi',
    };
    store.outbox.add({ ...base, localId: 'L1' });
    store.outbox.add({ ...base, localId: 'L2' });
    store.outbox.markSent('L2', 301, 2);
    expect(applyEvent(ctx, messageEvent(1, channelWire(300, 10, 't'), ['read'], { local_id: 'L1' }))[0]).toEqual({
      kind: 'echoConfirmed',
      localId: 'L1',
      id: 300,
    });
    expect(applyEvent(ctx, messageEvent(2, channelWire(301, 10, 't'), ['read']))[0]).toEqual({
      kind: 'echoConfirmed',
      localId: 'L2',
      id: 301,
    });
    expect(store.outbox.all()).toEqual([]);
    expect(store.messages.cachedIds([300, 301])).toEqual([300, 301]);
  });
});

describe('update_message applier', () => {
  beforeEach(() => {
    for (const id of [1, 2]) applyEvent(ctx, messageEvent(id, channelWire(id, 10, 'old')));
  });

  it('edits content and marks it edited, but a re-render is not an edit', () => {
    expect(
      apply({
        id: 5,
        type: 'update_message',
        message_id: 1,
        rendered_content: '<p>new</p>',
        edit_timestamp: 77,
        user_id: 2,
      }),
    ).toEqual([{ kind: 'messagesUpdated', ids: [1] }]);
    apply({
      id: 6,
      type: 'update_message',
      message_id: 2,
      rendered_content: '<p>preview</p>',
      rendering_only: true,
      user_id: null,
    });
    const [m1, m2] = store.messages.getByIds([1, 2]);
    expect(m1).toMatchObject({ content: '<p>new</p>', lastEditTimestamp: 77 });
    expect(m2).toMatchObject({ content: '<p>preview</p>', lastEditTimestamp: null });
  });

  it('moves every listed message (and its unread entry) and cuts uncached ones out of the destination range', () => {
    store.ranges.add('topic:11:new', 0, NEWEST);
    store.ranges.add('topic:10:old', 0, NEWEST);
    const deltas = apply({
      id: 7,
      type: 'update_message',
      message_id: 1,
      message_ids: [1, 2, 999],
      stream_id: 10,
      new_stream_id: 11,
      orig_subject: 'old',
      subject: 'new',
      propagate_mode: 'change_all',
      edit_timestamp: 80,
    });
    expect(deltas).toEqual([{ kind: 'sidebarChanged' }, { kind: 'messagesUpdated', ids: [1, 2] }]);
    expect(store.messages.getByIds([1, 2]).map((m) => [m.channelId, m.topic, m.lastMovedTimestamp])).toEqual([
      [11, 'new', 80],
      [11, 'new', 80],
    ]);
    expect(store.unreads.countsByTopic()).toEqual([{ channelId: 11, topic: 'new', count: 2, maxId: 2 }]);
    // 999 moved in without being cached: the destination's range no longer covers it.
    expect(store.ranges.list('topic:11:new')).toEqual([
      { lo: 0, hi: 998 },
      { lo: 1000, hi: NEWEST },
    ]);
    expect(store.ranges.list('topic:10:old')).toHaveLength(1);
    expect(store.topics.recent(10, 5)).toEqual([]);
    expect(store.topics.recent(11, 5).map((t) => t.name)).toEqual(['new']);
  });
});

describe('delete_message and update_message_flags appliers', () => {
  beforeEach(() => {
    for (const id of [1, 2, 3]) applyEvent(ctx, messageEvent(id, channelWire(id, 10, 't')));
  });

  it('deletes in bulk and one at a time, dropping unread entries', () => {
    expect(apply({ id: 9, type: 'delete_message', message_ids: [1, 2, 50], message_type: 'stream' })).toEqual([
      { kind: 'messagesRemoved', ids: [1, 2] },
      { kind: 'sidebarChanged' },
    ]);
    apply({ id: 10, type: 'delete_message', message_id: 3, message_type: 'stream' });
    expect(store.messages.cachedIds([1, 2, 3])).toEqual([]);
    expect(store.unreads.countsByTopic()).toEqual([]);
  });

  it("keeps a read event older than the user's own mark-as-unread from undoing it, until that one's event comes", () => {
    // The user read 1 and 2 (their event still on its way), then marked them unread again.
    store.readIntents.want([1, 2], true);
    store.readIntents.want([1, 2], false);
    // The first request's event: older than the second request, so it leaves them unread.
    expect(apply({ id: 20, type: 'update_message_flags', op: 'add', flag: 'read', messages: [1, 2, 3] })).toEqual([
      { kind: 'flagsChanged', flag: 'read', on: true, ids: [3] },
      { kind: 'sidebarChanged', touched: { channels: [10], dms: false } },
    ]);
    expect(store.messages.getByIds([1, 2, 3]).map((m) => m.read)).toEqual([false, false, true]);
    // The second request's event ends the wait; a later read (another device) applies again.
    apply({ id: 21, type: 'update_message_flags', op: 'remove', flag: 'read', messages: [1, 2] });
    apply({ id: 22, type: 'update_message_flags', op: 'add', flag: 'read', messages: [1] });
    expect(store.messages.getByIds([1, 2]).map((m) => m.read)).toEqual([true, false]);
  });

  it('marks read, marks unread again (cached or described by message_details), and marks everything read', () => {
    apply({ id: 11, type: 'update_message_flags', op: 'add', flag: 'read', messages: [1, 2] });
    expect(store.messages.getByIds([1, 2, 3]).map((m) => m.read)).toEqual([true, true, false]);
    const deltas = apply({
      id: 12,
      type: 'update_message_flags',
      op: 'remove',
      flag: 'read',
      messages: [1, 70, 71],
      message_details: {
        '70': { type: 'stream', stream_id: 12, topic: 'x' },
        '71': { type: 'private', user_ids: [3] },
      },
    });
    // Channels 10 (message 1) and 12 (70) and the DM list (71) gain unreads.
    expect(deltas).toEqual([
      { kind: 'flagsChanged', flag: 'read', on: false, ids: [1] },
      { kind: 'sidebarChanged', touched: { channels: [10, 12], dms: true } },
    ]);
    expect(store.unreads.firstUnreadInTopic(12, 'x')).toBe(70);
    expect(store.unreads.firstUnreadInDm('1,3')).toBe(71);
    expect(apply({ id: 14, type: 'update_message_flags', op: 'add', flag: 'read', messages: [71, 3] })).toEqual([
      { kind: 'flagsChanged', flag: 'read', on: true, ids: [3] },
      { kind: 'sidebarChanged', touched: { channels: [10], dms: true } },
    ]);
    // Everything read: every row may change.
    expect(
      apply({ id: 13, type: 'update_message_flags', op: 'add', flag: 'read', messages: [], all: true }),
    ).toContainEqual({ kind: 'sidebarChanged' });
    expect(store.unreads.countsByTopic()).toEqual([]);
    expect(store.messages.getByIds([1, 2, 3]).every((m) => m.read)).toBe(true);
  });

  it('stars and keeps other flags', () => {
    expect(apply({ id: 14, type: 'update_message_flags', op: 'add', flag: 'starred', messages: [2, 99] })).toEqual([
      { kind: 'flagsChanged', flag: 'starred', on: true, ids: [2] },
    ]);
    apply({ id: 15, type: 'update_message_flags', op: 'add', flag: 'collapsed', messages: [3] });
    expect(store.messages.getByIds([2, 3]).map((m) => [m.starred, m.otherFlags])).toEqual([
      [true, []],
      [false, ['collapsed']],
    ]);
  });

  it('adds and removes reactions of cached messages only', () => {
    const r = {
      type: 'reaction',
      message_id: 1,
      emoji_name: 'tada',
      emoji_code: '1f389',
      reaction_type: 'unicode_emoji',
      user_id: 2,
    };
    expect(apply({ id: 16, op: 'add', ...r })).toEqual([{ kind: 'messagesUpdated', ids: [1] }]);
    expect(apply({ id: 17, op: 'add', ...r, message_id: 500 })).toEqual([]);
    expect(store.messages.getByIds([1])[0]?.reactions).toEqual([
      { userId: 2, reactionType: 'unicode_emoji', emojiCode: '1f389', emojiName: 'tada' },
    ]);
    apply({ id: 18, op: 'remove', ...r });
    expect(store.messages.getByIds([1])[0]?.reactions).toEqual([]);
  });
});

describe('subscription and realm_user appliers', () => {
  it('subscribes, updates, applies peer changes and unsubscribes (forgetting the channel ranges)', () => {
    apply({
      id: 1,
      type: 'subscription',
      op: 'add',
      subscriptions: [subscription(20, 'ops', { is_muted: undefined, in_home_view: false })],
    });
    expect(store.channels.getSubscribed(20)?.subscription.isMuted).toBe(true);
    apply({ id: 2, type: 'subscription', op: 'update', stream_id: 20, property: 'color', value: '#ff0000' });
    expect(store.channels.getSubscribed(20)?.subscription.color).toBe('#ff0000');
    // The add carried no subscriber list, so the list stays unknown (not "only user 3").
    apply({ id: 3, type: 'subscription', op: 'peer_add', stream_ids: [20], user_ids: [3] });
    expect(store.subscribers.of(20)).toBeNull();
    expect(
      apply({ id: 4, type: 'subscription', op: 'update', stream_id: 99, property: 'color', value: '#000' }),
    ).toEqual([]);
    store.ranges.add('topic:20:a', 0, NEWEST);
    apply({ id: 5, type: 'subscription', op: 'remove', subscriptions: [{ stream_id: 20, name: 'ops' }] });
    expect(store.channels.isSubscribed(20)).toBe(false);
    expect(store.ranges.list('topic:20:a')).toEqual([]);
  });

  it('adds users and applies each partial update form', () => {
    apply({ id: 1, type: 'realm_user', op: 'add', person: user(5, 'Dee') });
    apply({ id: 2, type: 'realm_user', op: 'update', person: { user_id: 5, full_name: 'Dee Dee' } });
    apply({ id: 3, type: 'realm_user', op: 'update', person: { user_id: 5, role: 200 } });
    apply({ id: 4, type: 'realm_user', op: 'update', person: { user_id: 5, timezone: 'Europe/Paris', email: 'x' } });
    apply({
      id: 5,
      type: 'realm_user',
      op: 'update',
      person: { user_id: 5, custom_profile_field: { id: 3, value: 'hi', rendered_value: '<p>hi</p>' } },
    });
    apply({ id: 6, type: 'realm_user', op: 'update', person: { user_id: 5, new_email: 'dee@new.example.com' } });
    apply({ id: 7, type: 'realm_user', op: 'update', person: { user_id: 5, is_active: false } });
    expect(apply({ id: 8, type: 'realm_user', op: 'update', person: { user_id: 77, full_name: 'Ghost' } })).toEqual([]);
    expect(store.users.get(5)).toMatchObject({
      fullName: 'Dee Dee',
      role: 200,
      email: 'dee@new.example.com',
      isActive: false,
      extra: expect.objectContaining({
        timezone: 'Europe/Paris',
        profile_data: { '3': { value: 'hi', rendered_value: '<p>hi</p>' } },
      }),
    });
  });

  it('logs and skips event types it does not handle', () => {
    expect(apply({ id: 1, type: 'user_status', user_id: 5, status_text: 'x' })).toEqual([]);
    expect(apply({ id: 2, type: 'subscription', op: 'brand_new_op' })).toEqual([]);
  });
});
