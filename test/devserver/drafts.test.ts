import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { expectError, loginRole, openQueue, registered, type Client } from './records-support';
import type { Obj } from './support';

let server: RunningDevServer;
let owner: Client;
let member: Client;
let channels: Map<string, number>;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  owner = await loginRole(server, 100);
  member = await loginRole(server, 400);
  const subs = (await registered(owner, 'subscription', 'subscriptions')) as Obj[];
  channels = new Map(subs.map((sub) => [sub['name'] as string, sub['stream_id'] as number]));
});
afterAll(() => server.stop());

const draft = (extra: Obj = {}): Obj => ({ type: '', to: [], topic: '', content: 'some words', ...extra });

describe('drafts', () => {
  it('are in register and GET /drafts, least recently edited first', async () => {
    const fromRegister = (await registered(owner, 'drafts')) as Obj[];
    expect(fromRegister.length).toBeGreaterThanOrEqual(3);
    expect(new Set(fromRegister.map((d) => d['type']))).toEqual(new Set(['', 'stream', 'private']));
    const body = await owner.ok('GET', '/drafts');
    expect(body['count']).toBe(body['drafts'].length);
    expect(body['drafts']).toEqual(fromRegister);
    const times = body['drafts'].map((d: Obj) => d['timestamp'] as number);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('POST creates them in order, fills the timestamp, and tells every client of the owner only', async () => {
    const [own, otherClient, someoneElse] = await Promise.all([
      openQueue(owner),
      openQueue(owner, { event_types: ['drafts'] }),
      openQueue(member),
    ]);
    const before = Math.floor(Date.now() / 1000);
    const body = await owner.ok('POST', '/drafts', {
      drafts: [
        draft({
          type: 'stream',
          to: [channels.get('engineering')],
          topic: 'deploys',
          content: 'Deploy on **Friday**?',
        }),
        draft({ type: 'private', to: [member.userId], content: 'hello', timestamp: 1_700_000_000.75 }),
      ],
    });
    expect(body['ids']).toHaveLength(2);
    const [first, second] = body['ids'] as number[];
    expect(second).toBeGreaterThan(first!);
    for (const queue of [own, otherClient]) {
      const events = await queue.drainTypes('drafts');
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ op: 'add', drafts: [{ id: first }, { id: second }] });
      expect(events[0]!['drafts'][0]).toMatchObject({
        type: 'stream',
        to: [channels.get('engineering')],
        topic: 'deploys',
        content: 'Deploy on **Friday**?',
      });
      expect(events[0]!['drafts'][0]['timestamp']).toBeGreaterThanOrEqual(before);
      expect(events[0]!['drafts'][1]).toMatchObject({ type: 'private', to: [member.userId], timestamp: 1_700_000_000 });
    }
    expect(await someoneElse.drainTypes('drafts')).toEqual([]);
  });

  it('refuses bad drafts with Zulip’s messages and creates none of the batch', async () => {
    const count = (await owner.ok('GET', '/drafts'))['count'];
    const post = (drafts: unknown) => owner.post('/drafts', { drafts: drafts as Obj[] });
    expectError(
      await post([draft(), draft({ type: 'stream', to: [1, 2], topic: 't' })]),
      400,
      'BAD_REQUEST',
      'Must specify exactly 1 channel ID for channel messages',
    );
    expectError(
      await post([draft({ content: 'nul\u0000byte' })]),
      400,
      'BAD_REQUEST',
      'Message must not contain null bytes',
    );
    expectError(
      await post([draft({ type: 'stream', to: [channels.get('general')], topic: 'a\u0000b' })]),
      400,
      'BAD_REQUEST',
      'Topic must not contain null bytes',
    );
    expectError(await post([draft({ id: 5 })]), 400, 'BAD_REQUEST');
    expectError(await post([draft({ type: 'channel' })]), 400, 'BAD_REQUEST');
    expectError(await post([draft({ timestamp: -5 })]), 400, 'BAD_REQUEST', 'Timestamp must not be negative.');
    expectError(await post([draft({ type: 'private', to: [99999] })]), 400, 'BAD_REQUEST', 'Invalid user ID 99999');
    expectError(await post('not json'), 400, 'BAD_REQUEST');
    expectError(await owner.post('/drafts', {}), 400, 'REQUEST_VARIABLE_MISSING');
    // A private channel the member is not in is no place for their draft.
    const privateChannel = channels.get('leadership');
    const res = await member.post('/drafts', { drafts: [draft({ type: 'stream', to: [privateChannel], topic: 'x' })] });
    expectError(res, 400, 'BAD_REQUEST', 'Invalid channel ID');
    expect((await owner.ok('GET', '/drafts'))['count']).toBe(count);
  });

  it('PATCH replaces a draft and DELETE removes it, each with its event; others’ drafts are 404', async () => {
    const queue = await openQueue(owner);
    const [id] = (await owner.ok('POST', '/drafts', { drafts: [draft({ content: 'first' })] }))['ids'] as number[];
    await queue.drain();
    await owner.ok('PATCH', `/drafts/${id}`, {
      draft: draft({ type: 'stream', to: [channels.get('general')], topic: 'lunch', content: 'second' }),
    });
    const [update] = await queue.drainTypes('drafts');
    expect(update).toMatchObject({
      op: 'update',
      draft: { id, type: 'stream', to: [channels.get('general')], topic: 'lunch', content: 'second' },
    });
    const listed = (await owner.ok('GET', '/drafts'))['drafts'].find((d: Obj) => d['id'] === id);
    expect(listed).toEqual(update!['draft']);

    expectError(
      await member.call('PATCH', `/drafts/${id}`, { draft: draft() }),
      404,
      'BAD_REQUEST',
      'Draft does not exist',
    );
    expectError(await member.delete(`/drafts/${id}`), 404, 'BAD_REQUEST', 'Draft does not exist');
    expectError(
      await owner.call('PATCH', '/drafts/999999', { draft: draft() }),
      404,
      'BAD_REQUEST',
      'Draft does not exist',
    );

    await owner.ok('DELETE', `/drafts/${id}`);
    expect(await queue.drainTypes('drafts')).toEqual([
      { type: 'drafts', op: 'remove', draft_id: id, id: expect.any(Number) },
    ]);
    expectError(await owner.delete(`/drafts/${id}`), 404, 'BAD_REQUEST', 'Draft does not exist');
  });

  it('with synchronization off, register has no drafts and the routes refuse', async () => {
    await member.ok('POST', '/drafts', { drafts: [draft({ content: 'kept while sync is off' })] });
    await member.ok('PATCH', '/settings', { enable_drafts_synchronization: false });
    expect(await registered(member, 'drafts')).toEqual([]);
    expectError(await member.get('/drafts'), 400, 'BAD_REQUEST', 'User has disabled synchronizing drafts.');
    expectError(await member.post('/drafts', { drafts: [draft()] }), 400, 'BAD_REQUEST');
    await member.ok('PATCH', '/settings', { enable_drafts_synchronization: true });
    const drafts = (await registered(member, 'drafts')) as Obj[];
    expect(drafts.map((d) => d['content'])).toContain('kept while sync is off');
  });
});
