/**
 * The message event appliers beyond the basics in test/main/sync: moves with propagate modes
 * and ranges, mention state through edits, flags with message_details, stars of uncached
 * messages, and the register snapshot's mentions and starred list.
 */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../main/log';
import { AccountStore } from '../../../main/store/account-store';
import { NEWEST } from '../../../main/store/narrows';
import { applyEvent, type ApplyContext } from '../../../main/sync/appliers';
import { applySnapshot } from '../../../main/sync/snapshot';
import { tempDir } from '../store/fixtures';
import { SELF, channelWire, dmWire, event, messageEvent, register } from '../sync/fixtures';

let store: AccountStore;
let ctx: ApplyContext;
beforeEach(() => {
  store = AccountStore.open(join(tempDir(), 'a.sqlite'));
  ctx = { store, selfUserId: SELF, log: createLogger({ name: 'test', sink: () => {} }) };
  return () => store.close();
});

const apply = (raw: Record<string, unknown>) => applyEvent(ctx, event(raw));
const move = (id: number, extra: Record<string, unknown>) =>
  apply({ id, type: 'update_message', user_id: 2, rendering_only: false, edit_timestamp: 500, ...extra });

describe('update_message moves', () => {
  beforeEach(() => {
    // Topic "old" of channel 10 holds 1..4 (4 unread and a mention); 3 is only known as unread.
    for (const id of [1, 2, 4])
      applyEvent(ctx, messageEvent(id, channelWire(id, 10, 'old'), id === 4 ? ['mentioned'] : ['read']));
    store.unreads.add([{ messageId: 3, channelId: 10, topic: 'old', dmKey: null }]);
    store.ranges.add('topic:10:old', 0, 2);
    store.ranges.add('topic:10:new', 0, NEWEST);
    store.ranges.add('channel:10', 0, NEWEST);
    store.ranges.add('channel:11', 0, NEWEST);
  });

  it('change_later moves the listed messages, their unread entries and mentions; the old topic stays', () => {
    const deltas = move(20, {
      message_id: 3,
      message_ids: [3, 4],
      stream_id: 10,
      orig_subject: 'old',
      subject: 'new',
      propagate_mode: 'change_later',
    });
    expect(deltas).toEqual([{ kind: 'sidebarChanged' }, { kind: 'messagesUpdated', ids: [4] }]);
    expect(store.messages.getByIds([1, 2, 4]).map((m) => m.topic)).toEqual(['old', 'old', 'new']);
    expect(store.unreads.inScope({ kind: 'topic', channelId: 10, topic: 'new' })).toEqual([
      { messageId: 3, channelId: 10, topic: 'new', dmKey: null, mentioned: false },
      { messageId: 4, channelId: 10, topic: 'new', dmKey: null, mentioned: true },
    ]);
    // 3 was never cached: the destination topic's range no longer claims it; the channel is unchanged.
    expect(store.ranges.list('topic:10:new')).toEqual([
      { lo: 0, hi: 2 },
      { lo: 4, hi: NEWEST },
    ]);
    expect(store.ranges.list('channel:10')).toEqual([{ lo: 0, hi: NEWEST }]);
    expect(store.ranges.list('topic:10:old')).toEqual([{ lo: 0, hi: 2 }]);
    expect(
      store.topics
        .recent(10, 5)
        .map((t) => t.name)
        .sort(),
    ).toEqual(['new', 'old']);
    expect(store.messages.getByIds([4])[0]?.lastMovedTimestamp).toBe(500);
  });

  it('change_all to another channel cuts uncached IDs out of the new channel too and drops the old topic', () => {
    move(21, {
      message_id: 1,
      message_ids: [1, 2, 3, 4],
      stream_id: 10,
      new_stream_id: 11,
      orig_subject: 'old',
      propagate_mode: 'change_all',
    });
    expect(store.messages.getByIds([1, 2, 4]).map((m) => [m.channelId, m.topic])).toEqual([
      [11, 'old'],
      [11, 'old'],
      [11, 'old'],
    ]);
    expect(store.ranges.list('channel:11')).toEqual([
      { lo: 0, hi: 2 },
      { lo: 4, hi: NEWEST },
    ]);
    expect(store.unreads.countsByTopic()).toEqual([{ channelId: 11, topic: 'old', count: 2, maxId: 4 }]);
    expect(store.topics.recent(10, 5)).toEqual([]);
    expect(store.topics.recent(11, 5).map((t) => t.name)).toEqual(['old']);
  });

  it('resolving a topic renames it without counting as a move', () => {
    move(22, {
      message_id: 1,
      message_ids: [1, 2, 4],
      stream_id: 10,
      orig_subject: 'old',
      subject: '✔ old',
      propagate_mode: 'change_all',
    });
    expect(store.messages.getByIds([1, 2, 4]).map((m) => [m.topic, m.lastMovedTimestamp])).toEqual([
      ['✔ old', null],
      ['✔ old', null],
      ['✔ old', null],
    ]);
  });
});

describe('update_message content and flags', () => {
  beforeEach(() => {
    applyEvent(ctx, messageEvent(1, channelWire(1, 10, 't'), []));
  });

  it('an edit that adds a mention counts it; one that removes it uncounts it; a re-render changes neither', () => {
    const edit = (id: number, flags: string[], extra: Record<string, unknown> = {}) =>
      apply({ id, type: 'update_message', message_id: 1, rendered_content: `<p>v${id}</p>`, flags, ...extra });
    expect(edit(2, ['mentioned'])).toEqual([{ kind: 'sidebarChanged' }, { kind: 'messagesUpdated', ids: [1] }]);
    expect(store.unreads.mentionIds()).toEqual([1]);
    expect(store.messages.getByIds([1])[0]?.otherFlags).toEqual(['mentioned']);
    edit(3, ['mentioned'], { rendering_only: true, flags: [] });
    expect(store.unreads.mentionIds()).toEqual([1]);
    edit(4, []);
    expect(store.unreads.mentionIds()).toEqual([]);
    expect(store.messages.getByIds([1])[0]?.content).toBe('<p>v4</p>');
  });

  it('updates the mention of an unread message that is not cached', () => {
    store.unreads.add([{ messageId: 50, channelId: 10, topic: 't', dmKey: null }]);
    expect(apply({ id: 5, type: 'update_message', message_id: 50, flags: ['wildcard_mentioned'] })).toEqual([
      { kind: 'sidebarChanged' },
    ]);
    expect(store.unreads.mentionIds()).toEqual([50]);
  });
});

describe('update_message_flags', () => {
  beforeEach(() => {
    applyEvent(ctx, messageEvent(1, channelWire(1, 10, 't', { content: '<p>@me</p>' }), ['mentioned']));
    applyEvent(ctx, messageEvent(2, dmWire(2, [SELF, 2]), []));
  });

  it('marks unread again with mention state, from the cache or from message_details', () => {
    apply({ id: 3, type: 'update_message_flags', op: 'add', flag: 'read', messages: [], all: true });
    expect(store.unreads.total()).toBe(0);
    apply({
      id: 4,
      type: 'update_message_flags',
      op: 'remove',
      flag: 'read',
      messages: [1, 2, 60, 61, 62],
      message_details: {
        '60': { type: 'stream', stream_id: 10, topic: 't', mentioned: true },
        '61': { type: 'private', user_ids: [] },
        '62': { type: 'private', user_ids: [2, 3] },
      },
    });
    expect(store.unreads.inScope({ kind: 'all' })).toEqual([
      { messageId: 1, channelId: 10, topic: 't', dmKey: null, mentioned: true },
      { messageId: 2, channelId: null, topic: null, dmKey: '1,2', mentioned: false },
      { messageId: 60, channelId: 10, topic: 't', dmKey: null, mentioned: true },
      { messageId: 61, channelId: null, topic: null, dmKey: '1', mentioned: false },
      { messageId: 62, channelId: null, topic: null, dmKey: '1,2,3', mentioned: false },
    ]);
  });

  it('stars cached and uncached messages alike; a repeated read changes nothing', () => {
    expect(apply({ id: 5, type: 'update_message_flags', op: 'add', flag: 'starred', messages: [1, 70] })).toEqual([
      { kind: 'flagsChanged', flag: 'starred', on: true, ids: [1] },
    ]);
    expect(store.starred.page(NEWEST, 10)).toEqual([70, 1]);
    apply({ id: 6, type: 'update_message_flags', op: 'remove', flag: 'starred', messages: [70] });
    expect(store.starred.page(NEWEST, 10)).toEqual([1]);
    apply({ id: 7, type: 'update_message_flags', op: 'add', flag: 'read', messages: [1] });
    expect(apply({ id: 8, type: 'update_message_flags', op: 'add', flag: 'read', messages: [1] })).toEqual([]);
  });
});

describe('delete_message', () => {
  it('takes the message out of search, stars and unreads', () => {
    applyEvent(ctx, messageEvent(1, channelWire(1, 10, 't', { content: '<p>findme</p>' }), ['starred']));
    expect(store.search.search({ words: ['findme'], limit: 5 })).toEqual([1]);
    apply({ id: 2, type: 'delete_message', message_id: 1, message_type: 'stream', stream_id: 10, topic: 't' });
    expect(store.search.search({ words: ['findme'], limit: 5 })).toEqual([]);
    expect(store.starred.count()).toBe(0);
    expect(store.unreads.total()).toBe(0);
  });
});

describe('register snapshot', () => {
  it('stores the starred list and which unread messages mention the user', () => {
    applySnapshot(
      store,
      register('q', 1, {
        starred_messages: [4, 99],
        unread_msgs: {
          count: 3,
          pms: [{ other_user_id: 2, unread_message_ids: [5] }],
          streams: [{ stream_id: 10, topic: 'hello', unread_message_ids: [4, 6] }],
          huddles: [{ user_ids_string: '1,2,3', unread_message_ids: [7] }],
          mentions: [5, 6],
          old_unreads_missing: false,
        },
      }),
      SELF,
      0,
    );
    expect(store.starred.page(NEWEST, 10)).toEqual([99, 4]);
    expect(store.unreads.mentionIds()).toEqual([5, 6]);
    expect(store.unreads.inScope({ kind: 'all' }).map((e) => e.dmKey ?? `${e.channelId}/${e.topic}`)).toEqual([
      '10/hello',
      '1,2',
      '10/hello',
      '1,2,3',
    ]);
  });
});
