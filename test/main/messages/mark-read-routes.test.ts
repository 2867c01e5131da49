/**
 * Which route marks a topic, channel or everything read, by the server's feature level: FL 155+
 * walks POST /messages/flags/narrow; older servers get mark_topic/stream/all_as_read; a server
 * with neither route gets POST /messages/flags with the unread IDs the cache knows. The dev
 * server has every route; "neither" is an older server, stood in for by answering 404 to those
 * two paths before they reach it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markReadOnServer, isMissingRoute } from '../../../main/accounts/mark-read';
import { ApiClient, ApiError, ProtocolError } from '../../../main/api';
import { createLogger } from '../../../main/log';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { apiKeyOf, sendToChannel, subscriptionsOf } from '../sync/http';
import { serverState, type Creds } from './http';

const log = createLogger({ name: 'mark-read', sink: () => {} });
let server: RunningDevServer;
let me: Creds;
let other: Creds;
let channelId: number;
const paths: string[] = [];

const recording: typeof fetch = (input, init) => {
  paths.push(`${init?.method ?? 'GET'} ${new URL(input instanceof Request ? input.url : String(input)).pathname}`);
  return fetch(input, init);
};
/** An older server: no flags/narrow and no mark_*_as_read. */
const withoutNarrowRoutes: typeof fetch = (input, init) => {
  const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
  if (path.endsWith('/messages/flags/narrow') || /\/mark_(topic|stream|all)_as_read$/.test(path)) {
    paths.push(`${init?.method ?? 'GET'} ${path} (404)`);
    const body = JSON.stringify({ result: 'error', code: 'BAD_REQUEST', msg: 'Endpoint not found' });
    return Promise.resolve(new Response(body, { status: 404, headers: { 'content-type': 'application/json' } }));
  }
  return recording(input, init);
};

beforeAll(async () => {
  server = await startDevServer();
  const [a, b] = server.users.filter((u) => u.role === 400);
  me = await apiKeyOf(server.baseUrl, a!.email, a!.password);
  other = await apiKeyOf(server.baseUrl, b!.email, b!.password);
  const theirs = new Set((await subscriptionsOf(server.baseUrl, other)).map((s) => s.stream_id));
  channelId = (await subscriptionsOf(server.baseUrl, me)).find((s) => theirs.has(s.stream_id))!.stream_id;
});
afterAll(() => server?.stop());

async function unreadInTopic(topic: string): Promise<number[]> {
  const { unreads } = await serverState(server.baseUrl, me);
  return unreads.streams
    .filter((s) => s.stream_id === channelId && s.topic === topic)
    .flatMap((s) => s.unread_message_ids);
}

async function freshTopic(topic: string): Promise<number[]> {
  const ids = [];
  for (const n of [1, 2, 3]) ids.push(await sendToChannel(server.baseUrl, other, channelId, topic, `unread ${n}`));
  expect(await unreadInTopic(topic)).toEqual(ids);
  return ids;
}

describe('markReadOnServer', () => {
  it('walks POST /messages/flags/narrow at feature level 155 and above', async () => {
    await freshTopic('route-narrow');
    paths.length = 0;
    const client = new ApiClient({ realmUrl: server.baseUrl, auth: me, fetch: recording });
    await markReadOnServer(client, 420, { kind: 'topic', channelId, topic: 'route-narrow' }, [], log);
    expect(paths).toEqual(['POST /api/v1/messages/flags/narrow']);
    expect(await unreadInTopic('route-narrow')).toEqual([]);
  });

  it('uses mark_topic_as_read and mark_stream_as_read below 155', async () => {
    await freshTopic('route-legacy');
    paths.length = 0;
    const client = new ApiClient({ realmUrl: server.baseUrl, auth: me, fetch: recording });
    await markReadOnServer(client, 100, { kind: 'topic', channelId, topic: 'route-legacy' }, [], log);
    expect(paths).toEqual(['POST /api/v1/mark_topic_as_read']);
    expect(await unreadInTopic('route-legacy')).toEqual([]);
    await freshTopic('route-legacy-2');
    paths.length = 0;
    await markReadOnServer(client, 100, { kind: 'channel', channelId }, [], log);
    expect(paths).toEqual(['POST /api/v1/mark_stream_as_read']);
    expect(await unreadInTopic('route-legacy-2')).toEqual([]);
  });

  it('falls back to the known unread IDs when the server has neither route', async () => {
    const ids = await freshTopic('route-none');
    paths.length = 0;
    const client = new ApiClient({ realmUrl: server.baseUrl, auth: me, fetch: withoutNarrowRoutes });
    await markReadOnServer(client, 420, { kind: 'topic', channelId, topic: 'route-none' }, ids.slice(0, 2), log);
    expect(paths).toEqual([
      'POST /api/v1/messages/flags/narrow (404)',
      'POST /api/v1/mark_topic_as_read (404)',
      'POST /api/v1/messages/flags',
    ]);
    expect(await unreadInTopic('route-none')).toEqual([ids[2]]);
  });

  it('tells a missing route from other refusals', () => {
    expect(isMissingRoute(new ApiError({ message: 'x', code: 'BAD_REQUEST', httpStatus: 404 }))).toBe(true);
    expect(isMissingRoute(new ProtocolError('html', { httpStatus: 405 }))).toBe(true);
    expect(isMissingRoute(new ApiError({ message: 'x', code: 'BAD_REQUEST', httpStatus: 400 }))).toBe(false);
    expect(isMissingRoute(new Error('x'))).toBe(false);
  });
});
