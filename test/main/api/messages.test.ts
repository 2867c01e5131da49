/** Sending (with type names gated by feature level) and reading messages through narrows. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../main/api/client';
import { toApiNarrow } from '../../../main/api/narrow';
import { registerQueue } from '../../../main/api/routes/events';
import { getMessages, sendMessage, wireMessageType } from '../../../main/api/routes/messages';
import { isDirectMessage } from '../../../main/api/schemas/message';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { startCannedServer, success } from './canned-server';
import { signIn, twoHumans, type SignedIn } from './signed-in';

let dev: RunningDevServer;
let alice: SignedIn;
let bob: SignedIn;
let channel: { id: number; name: string };

beforeAll(async () => {
  dev = await startDevServer({ seed: 'demo' });
  const [a, b] = twoHumans(dev);
  [alice, bob] = await Promise.all([signIn(dev, a), signIn(dev, b)]);
  const reg = await registerQueue(alice.client, { fetch_event_types: ['subscription'], event_types: ['message'] });
  const sub = reg.subscriptions?.[0];
  if (!sub) throw new Error('the demo seed should subscribe members to a channel');
  channel = { id: sub.stream_id, name: sub.name };
});
afterAll(async () => {
  await dev?.stop();
});

describe('sendMessage type gating', () => {
  it('names the type for the server feature level', async () => {
    const canned = await startCannedServer(() => ({ body: success({ id: 1 }) }));
    try {
      const client = new ApiClient({ realmUrl: canned.url, auth: { email: 'a@example.com', apiKey: 'k' } });
      const cases: [number, 'channel' | 'direct'][] = [
        [173, 'direct'],
        [174, 'direct'],
        [247, 'channel'],
        [248, 'channel'],
      ];
      for (const [level, type] of cases) {
        const params =
          type === 'direct'
            ? { type, to: [2], content: 'x', read_by_sender: true }
            : { type, to: 5, topic: 't', content: 'x', read_by_sender: true };
        await sendMessage(client, params, level);
      }
      const sent = canned.requests.map((r) => new URLSearchParams(r.body));
      expect(sent.map((f) => f.get('type'))).toEqual(['private', 'direct', 'stream', 'channel']);
      // read_by_sender is FL 236: left out below it.
      expect(sent.map((f) => f.get('read_by_sender'))).toEqual([null, null, 'true', 'true']);
      expect(sent[0]!.get('to')).toBe('[2]');
      expect(sent[0]!.has('topic')).toBe(false);
      expect(sent[3]!.get('topic')).toBe('t');
      expect(wireMessageType('direct', 420)).toBe('direct');
    } finally {
      await canned.close();
    }
  });

  it('is accepted by the dev server under both the old and the new names', async () => {
    const ids: number[] = [];
    for (const level of [0, 420]) {
      ids.push(
        (await sendMessage(alice.client, { type: 'direct', to: [bob.userId], content: `dm at ${level}` }, level)).id,
      );
      ids.push(
        (
          await sendMessage(
            alice.client,
            { type: 'channel', to: channel.id, topic: 'api tests', content: `ch at ${level}` },
            level,
          )
        ).id,
      );
    }
    const res = await getMessages(bob.client, { message_ids: ids, narrow: [] });
    expect(res.messages.map((m) => m.id)).toEqual([...ids].sort((a, b) => a - b));
    expect(res.messages.filter(isDirectMessage)).toHaveLength(2);
    expect(res.messages.filter((m) => m.stream_id === channel.id && m.subject === 'api tests')).toHaveLength(2);
  });
});

describe('getMessages', () => {
  it('pages the newest messages of a channel', async () => {
    const narrow = toApiNarrow({ kind: 'channel', channelId: channel.id }, 420, alice.userId);
    const res = await getMessages(alice.client, { anchor: 'newest', num_before: 5, num_after: 0, narrow });
    expect(res.found_newest).toBe(true);
    expect(res.messages.length).toBeGreaterThan(0);
    expect(res.messages.length).toBeLessThanOrEqual(6);
    expect(res.messages.every((m) => m.stream_id === channel.id && m.display_recipient === channel.name)).toBe(true);
    const ids = res.messages.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    // The page before the oldest one we got continues without overlap.
    const older = await getMessages(alice.client, {
      anchor: ids[0]!,
      include_anchor: false,
      num_before: 5,
      num_after: 0,
      narrow,
    });
    expect(older.messages.every((m) => m.id < ids[0]!)).toBe(true);
  });

  it('narrows to a topic and to a DM conversation', async () => {
    const topic = `narrow test ${Date.now()}`;
    const inTopic = await sendMessage(
      alice.client,
      { type: 'channel', to: channel.id, topic, content: 'in topic' },
      420,
    );
    const dm = await sendMessage(bob.client, { type: 'direct', to: [alice.userId], content: 'private words' }, 420);

    const topicPage = await getMessages(alice.client, {
      anchor: 'newest',
      num_before: 50,
      num_after: 0,
      narrow: toApiNarrow({ kind: 'topic', channelId: channel.id, topic }, 420, alice.userId),
    });
    expect(topicPage.messages.map((m) => m.id)).toEqual([inTopic.id]);

    const dmPage = await getMessages(alice.client, {
      anchor: 'newest',
      num_before: 50,
      num_after: 0,
      narrow: toApiNarrow({ kind: 'dm', userIds: [bob.userId] }, 420, alice.userId),
    });
    expect(dmPage.messages.map((m) => m.id)).toContain(dm.id);
    for (const m of dmPage.messages) {
      expect(isDirectMessage(m)).toBe(true);
      const people = (m.display_recipient as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
      expect(people).toEqual([alice.userId, bob.userId].sort((a, b) => a - b));
    }
  });

  it('filters by sender with a raw narrow element and refuses oversized requests locally', async () => {
    const res = await getMessages(alice.client, {
      anchor: 'newest',
      num_before: 20,
      num_after: 0,
      narrow: [{ operator: 'sender', operand: bob.userId }],
    });
    expect(res.messages.length).toBeGreaterThan(0);
    expect(res.messages.every((m) => m.sender_id === bob.userId)).toBe(true);
    await expect(getMessages(alice.client, { anchor: 'newest', num_before: 5000, num_after: 1 })).rejects.toThrow(
      /limit is 5000/,
    );
    await expect(getMessages(alice.client, { anchor: 'newest', message_ids: [1] })).rejects.toThrow(
      /cannot be combined/,
    );
  });
});

describe('toApiNarrow', () => {
  it('uses old operator names for old servers and the own ID for the self-DM', () => {
    expect(toApiNarrow({ kind: 'topic', channelId: 3, topic: 'x' }, 200, 9)).toEqual([
      { operator: 'stream', operand: 3 },
      { operator: 'topic', operand: 'x' },
    ]);
    expect(toApiNarrow({ kind: 'dm', userIds: [] }, 100, 9)).toEqual([{ operator: 'pm-with', operand: [9] }]);
    expect(toApiNarrow({ kind: 'dm', userIds: [7, 3] }, 420, 9)).toEqual([{ operator: 'dm', operand: [3, 7] }]);
  });
});
