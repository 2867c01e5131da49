import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { freshTopic, loginRole, type Client } from './messages-support';
import { allMessages, ids, sendToChannel, type Obj } from './support';

let server: RunningDevServer;
let owner: Client;
let noah: Client;
let lars: Client;
let guest: Client;
let channels: Map<string, number>;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  owner = await loginRole(server, 100);
  noah = await loginRole(server, 400, 0);
  lars = await loginRole(server, 400, 2);
  guest = await loginRole(server, 600);
  const reg = await owner.ok('POST', '/register', { fetch_event_types: ['subscription'] });
  channels = new Map(
    [...reg['subscriptions'], ...reg['never_subscribed']].map((c: Obj) => [c['name'], c['stream_id'] as number]),
  );
});
afterAll(() => server.stop());

/** A channel's ID by name (every channel, the private one included). */
function cid(name: string): number {
  const id = channels.get(name);
  if (id === undefined) throw new Error(`no channel ${name}`);
  return id;
}

const narrowed = async (api: Client, narrow: unknown[], extra: Record<string, unknown> = {}): Promise<Obj[]> =>
  allMessages(api, { narrow, ...(extra as Record<string, never>) });

describe('search', () => {
  it('matches every word or phrase and highlights them in match_content and match_subject', async () => {
    const topic = freshTopic('Kettle review');
    const id = await sendToChannel(noah, 'general', topic, 'The **kettle** is broken & the toaster too');
    // Words may match the topic too, so the near miss goes elsewhere.
    await sendToChannel(noah, 'general', freshTopic('appliances'), 'only a toaster here');
    const found = await narrowed(noah, [{ operator: 'search', operand: 'kettle toaster' }]);
    expect(ids(found)).toEqual([id]);
    const [message] = found;
    expect(message!['match_content']).toBe(
      '<p>The <strong><span class="highlight">kettle</span></strong> is broken &amp; the ' +
        '<span class="highlight">toaster</span> too</p>',
    );
    expect(message!['match_subject']).toBe(topic.replace('Kettle', '<span class="highlight">Kettle</span>'));

    const phrase = await narrowed(noah, [{ operator: 'search', operand: '"is broken"' }]);
    expect(ids(phrase)).toContain(id);
    const without = await narrowed(noah, [
      { operator: 'topic', operand: topic },
      { operator: 'search', operand: 'broken', negated: true },
    ]);
    expect(without).toEqual([]);
    const kept = await narrowed(noah, [
      { operator: 'channel', operand: 'general' },
      { operator: 'search', operand: 'toaster' },
      { operator: 'search', operand: 'kettle', negated: true },
    ]);
    expect(kept).toHaveLength(1);
    expect(kept[0]!['content']).toBe('<p>only a toaster here</p>');
    const [without0] = kept;
    expect(without0!['match_content']).toBe('<p>only a <span class="highlight">toaster</span> here</p>');
  });

  it('channels:public searches shared history; without it only the user’s own messages', async () => {
    // Olivia is not subscribed to #random, so its messages are not in her own history.
    const id = await sendToChannel(noah, 'random', freshTopic('zebra'), 'a zebra crossing');
    expect(ids(await narrowed(owner, [{ operator: 'search', operand: 'zebra' }]))).not.toContain(id);
    const shared = await narrowed(owner, [
      { operator: 'channels', operand: 'public' },
      { operator: 'search', operand: 'zebra' },
    ]);
    expect(ids(shared)).toContain(id);
    expect(shared.find((m) => m['id'] === id)!['flags']).toEqual(['read', 'historical']);
    // A guest cannot search public history it has no access to.
    expect(ids(await narrowed(guest, [{ operator: 'channels', operand: 'public' }]))).not.toContain(id);
    expect(await narrowed(owner, [{ operator: 'channels', operand: 'web-public' }])).toEqual([]);
  });
});

describe('topic policies in narrows', () => {
  it('is:followed and is:muted follow the user’s topic settings and muted channels', async () => {
    const followed = freshTopic('follow me');
    const muted = freshTopic('mute me');
    const followedId = await sendToChannel(noah, 'general', followed, 'f');
    const mutedId = await sendToChannel(noah, 'general', muted, 'm');
    const general = cid('general');
    await lars.ok('POST', '/user_topics', { stream_id: general, topic: followed, visibility_policy: 3 });
    await lars.ok('POST', '/user_topics', { stream_id: general, topic: muted, visibility_policy: 1 });
    expect(ids(await narrowed(lars, [{ operator: 'is', operand: 'followed' }]))).toContain(followedId);
    expect(ids(await narrowed(lars, [{ operator: 'is', operand: 'followed' }]))).not.toContain(mutedId);

    const mutedMessages = await narrowed(lars, [{ operator: 'is', operand: 'muted' }]);
    expect(ids(mutedMessages)).toContain(mutedId);
    // Lars muted #random: its messages are muted unless the topic is unmuted.
    expect(mutedMessages.some((m) => m['display_recipient'] === 'random')).toBe(true);
    const randomTopic = mutedMessages.find((m) => m['display_recipient'] === 'random')!['subject'];
    await lars.ok('POST', '/user_topics', {
      stream_id: cid('random'),
      topic: randomTopic,
      visibility_policy: 2,
    });
    const after = await narrowed(lars, [{ operator: 'is', operand: 'muted' }]);
    expect(after.some((m) => m['subject'] === randomTopic && m['display_recipient'] === 'random')).toBe(false);
    const notMuted = await narrowed(lars, [{ operator: 'is', operand: 'muted', negated: true }]);
    expect(ids(notMuted)).toContain(followedId);
    expect(ids(notMuted)).not.toContain(mutedId);
  });

  it('flag operators limit a channel narrow to messages the user received', async () => {
    const id = await sendToChannel(noah, 'random', freshTopic('starred history'), 'star');
    await owner.ok('POST', '/messages/flags', { messages: [id], op: 'add', flag: 'starred' });
    const starred = await narrowed(owner, [
      { operator: 'channel', operand: 'random' },
      { operator: 'is', operand: 'starred' },
    ]);
    expect(ids(starred)).toEqual([id]);
    const read = await narrowed(owner, [
      { operator: 'channel', operand: 'random' },
      { operator: 'is', operand: 'unread', negated: true },
    ]);
    expect(ids(read)).toEqual([id]);
  });
});

describe('with', () => {
  it('finds the conversation a message is in now, wherever it moved', async () => {
    const from = freshTopic('before move');
    const to = freshTopic('after move');
    const first = await sendToChannel(noah, 'general', from, 'one');
    const second = await sendToChannel(noah, 'general', from, 'two');
    await noah.ok('PATCH', `/messages/${first}`, {
      topic: to,
      propagate_mode: 'change_all',
      send_notification_to_new_thread: false,
    });
    const stale = [
      { operator: 'channel', operand: 'general' },
      { operator: 'topic', operand: from },
      { operator: 'with', operand: first },
    ];
    expect(ids(await narrowed(noah, stale))).toEqual([first, second]);

    const dm = (await noah.ok('POST', '/messages', { type: 'direct', to: [lars.userId], content: 'dm' }))['id'];
    expect(ids(await narrowed(noah, [{ operator: 'with', operand: dm }]))).toContain(dm);
    const res = await noah.get('/messages', {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      narrow: [
        { operator: 'with', operand: dm },
        { operator: 'with', operand: first },
      ],
    });
    expect(res.body).toMatchObject({ code: 'BAD_NARROW' });
  });

  it('a message the user cannot see leaves the rest of the narrow as it is', async () => {
    const secret = await sendToChannel(owner, 'leadership', freshTopic('secret'), 'hush');
    const mine = await sendToChannel(noah, 'general', freshTopic('visible'), 'hi');
    const result = await narrowed(noah, [
      { operator: 'with', operand: secret },
      { operator: 'id', operand: mine },
    ]);
    expect(ids(result)).toEqual([mine]);
  });
});

describe('has: operators', () => {
  it('has:link, has:attachment and has:image read the message content', async () => {
    const topic = freshTopic('links');
    const link = await sendToChannel(noah, 'general', topic, 'see https://example.com/page');
    const file = await sendToChannel(noah, 'general', topic, '[report.pdf](/user_uploads/2/ab/report.pdf)');
    const plain = await sendToChannel(noah, 'general', topic, 'no links');
    const image = await sendToChannel(noah, 'general', topic, 'photo: [cat.png](/user_uploads/2/cd/cat.png)');
    const inTopic = { operator: 'topic', operand: topic };
    expect(ids(await narrowed(noah, [inTopic, { operator: 'has', operand: 'image' }]))).toEqual([image]);
    expect(ids(await narrowed(noah, [inTopic, { operator: 'has', operand: 'link' }]))).toEqual([link, file, image]);
    expect(ids(await narrowed(noah, [inTopic, { operator: 'has', operand: 'attachment' }]))).toEqual([file, image]);
    expect(ids(await narrowed(noah, [inTopic, { operator: 'has', operand: 'link', negated: true }]))).toEqual([plain]);
  });
});
