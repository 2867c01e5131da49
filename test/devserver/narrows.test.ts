import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { allMessages, ids, login, type Api, type Obj } from './support';

type Message = Obj;
let server: RunningDevServer;
let owner: Api & { userId: number; email: string };
/** The owner's whole history, oldest first: every narrow is checked against a filter of it. */
let history: Message[];

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  owner = await login(server, server.byRole(100));
  history = await allMessages(owner);
});
afterAll(() => server.stop());

async function narrowed(narrow: unknown[], api: Api = owner): Promise<number[]> {
  return ids(await allMessages(api, { narrow }));
}

function expected(filter: (m: Message) => boolean): number[] {
  const result = ids(history.filter(filter));
  expect(result.length, 'the oracle should not be empty').toBeGreaterThan(0);
  return result;
}

const participants = (m: Message): number[] =>
  (m['display_recipient'] as Message[]).map((r) => r['id'] as number).sort((a, b) => a - b);
const sameSet = (a: number[], b: number[]): boolean => a.length === b.length && a.every((v, i) => v === b[i]);

describe('channel and topic narrows', () => {
  it('channel by ID, by name, and the legacy stream pair agree', async () => {
    const general = history.find((m) => m['display_recipient'] === 'general')!;
    const want = expected((m) => m['stream_id'] === general['stream_id']);
    expect(await narrowed([{ operator: 'channel', operand: general['stream_id'] }])).toEqual(want);
    expect(await narrowed([{ operator: 'channel', operand: 'general' }])).toEqual(want);
    expect(await narrowed([['stream', 'General']])).toEqual(want);
  });

  it('topic within a channel, case-insensitively, also as the legacy subject pair', async () => {
    const sample = history.find((m) => m['type'] === 'stream' && m['subject'] !== 'channel events')!;
    const want = expected(
      (m) => m['stream_id'] === sample['stream_id'] && m['subject'].toLowerCase() === sample['subject'].toLowerCase(),
    );
    expect(
      await narrowed([
        { operator: 'channel', operand: sample['stream_id'] },
        { operator: 'topic', operand: sample['subject'].toUpperCase() },
      ]),
    ).toEqual(want);
    expect(
      await narrowed([
        ['stream', sample['display_recipient']],
        ['subject', sample['subject']],
      ]),
    ).toEqual(want);
  });

  it('the empty topic is found by its display name', async () => {
    const want = expected((m) => m['display_recipient'] === 'help' && m['subject'] === 'general chat');
    expect(
      await narrowed([
        { operator: 'channel', operand: 'help' },
        { operator: 'topic', operand: 'general chat' },
      ]),
    ).toEqual(want);
    expect(
      await narrowed([
        { operator: 'channel', operand: 'help' },
        { operator: 'topic', operand: '' },
      ]),
    ).toEqual(want);
  });

  it('negated channel and negated topic exclude', async () => {
    expect(await narrowed([{ operator: 'channel', operand: 'general', negated: true }])).toEqual(
      expected((m) => m['display_recipient'] !== 'general'),
    );
    expect(
      await narrowed([
        { operator: 'channel', operand: 'engineering' },
        { operator: 'topic', operand: 'CI', negated: true },
      ]),
    ).toEqual(expected((m) => m['display_recipient'] === 'engineering' && m['subject'] !== 'CI'));
  });
});

describe('direct message narrows', () => {
  it('dm by user IDs and the legacy pm-with emails give exactly that conversation', async () => {
    const oneToOne = history.find((m) => m['type'] === 'private' && m['display_recipient'].length === 2)!;
    const other = (oneToOne['display_recipient'] as Message[]).find((r) => r['id'] !== owner.userId)!;
    const want = expected((m) => m['type'] === 'private' && sameSet(participants(m), participants(oneToOne)));
    expect(await narrowed([{ operator: 'dm', operand: [other['id']] }])).toEqual(want);
    expect(await narrowed([['pm-with', other['email']]])).toEqual(want);
  });

  it('dm with oneself, and a group conversation', async () => {
    expect(await narrowed([{ operator: 'dm', operand: [owner.userId] }])).toEqual(
      expected((m) => m['type'] === 'private' && sameSet(participants(m), [owner.userId])),
    );
    const group = history.find((m) => m['type'] === 'private' && m['display_recipient'].length > 2)!;
    const others = participants(group).filter((id) => id !== owner.userId);
    expect(await narrowed([{ operator: 'dm', operand: others }])).toEqual(
      expected((m) => m['type'] === 'private' && sameSet(participants(m), participants(group))),
    );
  });

  it('dm-including lists every conversation with that user', async () => {
    const group = history.find((m) => m['type'] === 'private' && m['display_recipient'].length > 2)!;
    const someone = participants(group).find((id) => id !== owner.userId)!;
    expect(await narrowed([{ operator: 'dm-including', operand: someone }])).toEqual(
      expected((m) => m['type'] === 'private' && participants(m).includes(someone)),
    );
  });

  it('is:dm and is:private, and their negation', async () => {
    const want = expected((m) => m['type'] === 'private');
    expect(await narrowed([{ operator: 'is', operand: 'dm' }])).toEqual(want);
    expect(await narrowed([['is', 'private']])).toEqual(want);
    expect(await narrowed([{ operator: 'is', operand: 'dm', negated: true }])).toEqual(
      expected((m) => m['type'] === 'stream'),
    );
  });
});

describe('sender, flags and content narrows', () => {
  it('sender by ID and by email', async () => {
    const sample = history.find((m) => m['sender_id'] !== owner.userId && m['type'] === 'stream')!;
    const want = expected((m) => m['sender_id'] === sample['sender_id']);
    expect(await narrowed([{ operator: 'sender', operand: sample['sender_id'] }])).toEqual(want);
    expect(await narrowed([{ operator: 'sender', operand: sample['sender_email'] }])).toEqual(want);
    expect(await narrowed([{ operator: 'sender', operand: sample['sender_id'], negated: true }])).toEqual(
      expected((m) => m['sender_id'] !== sample['sender_id']),
    );
  });

  it('is:starred, is:unread, is:mentioned match the flags', async () => {
    expect(await narrowed([{ operator: 'is', operand: 'starred' }])).toEqual(
      expected((m) => m['flags'].includes('starred')),
    );
    expect(await narrowed([{ operator: 'is', operand: 'unread' }])).toEqual(
      expected((m) => !m['flags'].includes('read')),
    );
    expect(await narrowed([{ operator: 'is', operand: 'unread', negated: true }])).toEqual(
      expected((m) => m['flags'].includes('read')),
    );
    expect(await narrowed([{ operator: 'is', operand: 'mentioned' }])).toEqual(
      expected((m) => m['flags'].some((f: string) => f.endsWith('mentioned'))),
    );
  });

  it('combines terms: unread mentions in one channel', async () => {
    const mention = history.find(
      (m) => m['flags'].includes('mentioned') && !m['flags'].includes('read') && m['type'] === 'stream',
    )!;
    expect(
      await narrowed([
        { operator: 'channel', operand: mention['stream_id'] },
        { operator: 'is', operand: 'mentioned' },
        { operator: 'is', operand: 'unread' },
      ]),
    ).toEqual(
      expected(
        (m) =>
          m['stream_id'] === mention['stream_id'] && m['flags'].includes('mentioned') && !m['flags'].includes('read'),
      ),
    );
  });

  it('has:reaction, id and search', async () => {
    expect(await narrowed([{ operator: 'has', operand: 'reaction' }])).toEqual(
      expected((m) => m['reactions'].length > 0),
    );
    const one = history[42]!;
    expect(await narrowed([{ operator: 'id', operand: one['id'] }])).toEqual([one['id']]);
    const found = await narrowed([{ operator: 'search', operand: 'coffee machine' }]);
    expect(found).toEqual(expected((m) => /coffee/i.test(m['content']) && /machine/i.test(m['content'])));
  });
});

describe('narrow errors and access', () => {
  it('BAD_NARROW for unknown operators, channels and impossible combinations', async () => {
    const cases: Array<[unknown[], string]> = [
      [[{ operator: 'color', operand: 'blue' }], 'Invalid narrow operator: unknown operator'],
      [
        [{ operator: 'channel', operand: 'no-such-channel' }],
        'Invalid narrow operator: unknown channel no-such-channel',
      ],
      [
        [
          { operator: 'channel', operand: 'general' },
          { operator: 'dm', operand: [owner.userId] },
        ],
        'Invalid narrow operator: No message can be both a channel message and direct message',
      ],
    ];
    for (const [narrow, msg] of cases) {
      const res = await owner.get('/messages', { anchor: 'newest', num_before: 1, num_after: 0, narrow });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ result: 'error', code: 'BAD_NARROW', msg });
    }
    const malformed = await owner.get('/messages', {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      narrow: '[{"operator": 5}]',
    });
    expect(malformed.body['code']).toBe('BAD_REQUEST');
  });

  it('a guest cannot see a private channel, nor read public channels it is not in', async () => {
    const guest = await login(server, server.byRole(600));
    const res = await guest.get('/messages', {
      anchor: 'newest',
      num_before: 5,
      num_after: 0,
      narrow: [{ operator: 'channel', operand: 'leadership' }],
    });
    expect(res.body).toMatchObject({ code: 'BAD_NARROW' });
    const general = await guest.get('/messages', {
      anchor: 'newest',
      num_before: 5,
      num_after: 0,
      narrow: [{ operator: 'channel', operand: 'general' }],
    });
    expect(general.body['code']).toBe('BAD_NARROW');
  });

  it('a member reads a public channel they never joined, messages flagged historical', async () => {
    const reg = await owner.ok('POST', '/register', { fetch_event_types: ['subscription'] });
    const other = reg['never_subscribed'].find((c: Message) => !c['invite_only']);
    const body = await owner.ok('GET', '/messages', {
      anchor: 'newest',
      num_before: 20,
      num_after: 0,
      narrow: [{ operator: 'channel', operand: other['stream_id'] }],
    });
    expect(body['messages'].length).toBe(20);
    expect(
      body['messages'].every(
        (m: Message) => m['flags'].includes('historical') && m['stream_id'] === other['stream_id'],
      ),
    ).toBe(true);
    // Without the channel term the search is personal, and those messages are not there.
    expect(history.some((m) => m['stream_id'] === other['stream_id'])).toBe(false);
  });
});
