/** Parsing of GET /events payloads: known families, legacy shapes, unknown types and broken events. */
import { describe, expect, it } from 'vitest';
import { GetEventsResponse, ZulipEventSchema } from '../../../main/api/schemas/event-parse';

const message = {
  id: 41,
  type: 'stream',
  sender_id: 9,
  sender_email: 'cordelia@example.com',
  sender_full_name: 'Cordelia',
  timestamp: 1_700_000_000,
  content: '<p>hi</p>',
  display_recipient: 'general',
  stream_id: 3,
  subject: 'greetings',
  future_field: { nested: true },
};

describe('ZulipEventSchema', () => {
  it("parses a message event, defaulting flags and reactions; the message's unknown fields neither fail nor are copied", () => {
    const ev = ZulipEventSchema.parse({ id: 1, type: 'message', message, local_id: '17.0' });
    expect(ev.type).toBe('message');
    if (ev.type !== 'message') throw new Error('narrowing');
    expect(ev.flags).toEqual([]);
    expect(ev.local_id).toBe('17.0');
    expect(ev.message.reactions).toEqual([]);
    expect(ev.message.id).toBe(message.id);
    // Messages come by the thousand and Parley reads only the fields it names (schemas/message.ts).
    expect(ev.message).not.toHaveProperty('future_field');
  });

  it("reads real Zulip's local_message_id as the local echo ID", () => {
    const ev = ZulipEventSchema.parse({ id: 2, type: 'message', message, local_message_id: '18.0' });
    if (ev.type !== 'message') throw new Error('narrowing');
    expect(ev.local_id).toBe('18.0');
  });

  it('turns an unknown event type into an UnknownEvent that keeps the raw object', () => {
    const raw = { id: 7, type: 'user_status', user_id: 5, status_text: 'away' };
    const ev = ZulipEventSchema.parse(raw);
    expect(ev).toEqual({ id: 7, type: 'unknown', originalType: 'user_status', raw });
  });

  it('turns an unknown op of a known family into an UnknownEvent', () => {
    const ev = ZulipEventSchema.parse({ id: 8, type: 'subscription', op: 'teleport', stream_ids: [1] });
    expect(ev.type).toBe('unknown');
    if (ev.type !== 'unknown') throw new Error('narrowing');
    expect(ev.originalType).toBe('subscription');
  });

  it('widens legacy shapes: single-message delete, operation, peer_add singulars, reaction user', () => {
    const del = ZulipEventSchema.parse({ id: 1, type: 'delete_message', message_id: 12, message_type: 'private' });
    expect(del.type === 'delete_message' && del.message_ids).toEqual([12]);

    const flags = ZulipEventSchema.parse({
      id: 2,
      type: 'update_message_flags',
      operation: 'add',
      flag: 'read',
      messages: [1, 2],
    });
    expect(flags.type === 'update_message_flags' && flags.op).toBe('add');

    const peer = ZulipEventSchema.parse({ id: 3, type: 'subscription', op: 'peer_add', stream_id: 4, user_id: 10 });
    expect(peer.type === 'subscription' && peer.op === 'peer_add' && [peer.stream_ids, peer.user_ids]).toEqual([
      [4],
      [10],
    ]);

    const reaction = ZulipEventSchema.parse({
      id: 4,
      type: 'reaction',
      op: 'add',
      message_id: 12,
      emoji_name: 'smile',
      emoji_code: '1f604',
      reaction_type: 'unicode_emoji',
      user: { user_id: 10, email: 'x@example.com', full_name: 'X' },
    });
    expect(reaction.type === 'reaction' && reaction.user_id).toBe(10);

    const edit = ZulipEventSchema.parse({ id: 5, type: 'update_message', message_id: 12, content: 'new' });
    expect(edit.type === 'update_message' && edit.message_ids).toEqual([12]);
  });

  it('parses the subscription and realm_user ops the sync loop applies', () => {
    const add = ZulipEventSchema.parse({
      id: 1,
      type: 'subscription',
      op: 'add',
      subscriptions: [{ stream_id: 3, name: 'general', color: '#76ce90', in_home_view: false }],
    });
    if (add.type !== 'subscription' || add.op !== 'add') throw new Error('wrong event');
    expect(add.subscriptions[0]).toMatchObject({ stream_id: 3, invite_only: false, pin_to_top: false });

    const update = ZulipEventSchema.parse({
      id: 2,
      type: 'realm_user',
      op: 'update',
      person: { user_id: 4, full_name: 'New' },
    });
    if (update.type !== 'realm_user' || update.op !== 'update') throw new Error('wrong event');
    expect(update.person).toEqual({ user_id: 4, full_name: 'New' });
  });

  it('keeps the batch when one known event lacks a field we rely on: that one is marked malformed, naming the field', () => {
    const res = GetEventsResponse.parse({
      result: 'success',
      msg: '',
      queue_id: 'q',
      events: [
        { id: 1, type: 'heartbeat' },
        { id: 2, type: 'reaction', op: 'add', message_id: 3, emoji_name: 'x', emoji_code: 'y', user_id: 1 },
        { type: 'heartbeat' },
        { id: 4, type: 'heartbeat' },
      ],
    });
    // The id-less element is dropped; the others stay, in order.
    expect(res.events.map((e) => e.id)).toEqual([1, 2, 4]);
    const bad = res.events[1]!;
    if (bad.type !== 'unknown') throw new Error('expected the malformed event as unknown');
    expect(bad.originalType).toBe('reaction');
    expect(bad.malformed).toMatch(/in a reaction event\) at reaction_type$/);
    expect(bad.raw).toEqual({});
    expect(ZulipEventSchema.safeParse({ id: 2, type: 'reaction', op: 'add' }).success).toBe(false);
  });

  it('rejects an event without an id', () => {
    expect(ZulipEventSchema.safeParse({ type: 'heartbeat' }).success).toBe(false);
  });
});
