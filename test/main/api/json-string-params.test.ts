/**
 * Parameters Zulip reads as JSON even when they hold a string (topics_policy on channel creation)
 * must travel JSON-encoded, and a null that means "leave it out" must not become the text "null".
 * Both against the dev server, which refuses a bare `inherit` as Zulip does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../main/api/client';
import { encodeParams, jsonString } from '../../../main/api/encode';
import { fetchApiKey } from '../../../main/api/routes/auth';
import { createChannel } from '../../../main/api/routes/channels';
import { createInviteLink } from '../../../main/api/routes/invites';
import { getSubscriptions, subscribe } from '../../../main/api/routes/subscriptions';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';

let server: RunningDevServer;
let client: ApiClient;
/** Every form body this client sent. */
const bodies: URLSearchParams[] = [];
beforeAll(async () => {
  server = await startDevServer();
  const owner = server.byRole(100);
  const recording: typeof fetch = async (input, init) => {
    if (typeof init?.body === 'string') bodies.push(new URLSearchParams(init.body));
    else if (init?.body instanceof URLSearchParams) bodies.push(new URLSearchParams(init.body));
    return fetch(input, init);
  };
  const base = new ApiClient({ realmUrl: server.baseUrl, fetch: recording });
  const key = await fetchApiKey(base, { username: owner.email, password: owner.password });
  client = base.withAuth({ email: key.email, apiKey: key.api_key });
});
afterAll(async () => {
  await server?.stop();
});

async function basicAuth(email: string, password: string): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/v1/fetch_api_key`, {
    method: 'POST',
    body: new URLSearchParams({ username: email, password }),
  });
  const { api_key } = (await res.json()) as { api_key: string };
  return `Basic ${Buffer.from(`${email}:${api_key}`).toString('base64')}`;
}

describe('JSON-typed string parameters', () => {
  it('encodes a marked string with its quotes and leaves undefined out', () => {
    const params = encodeParams({ topics_policy: jsonString('inherit'), other: jsonString(undefined), plain: 'x' });
    expect(params.toString()).toBe('topics_policy=%22inherit%22&plain=x');
  });

  it('POST /channels/create sends topics_policy as JSON, and the server applies it', async () => {
    const { id } = await createChannel(
      client,
      { name: 'json policy', subscribers: [server.byRole(100).userId], topics_policy: 'disable_empty_topic' },
      999,
    );
    expect(bodies.at(-1)?.get('topics_policy')).toBe('"disable_empty_topic"');
    const sub = (await getSubscriptions(client)).find((s) => s.stream_id === id);
    expect(sub?.topics_policy).toBe('disable_empty_topic');
  });

  it('POST /users/me/subscriptions creates a channel with a JSON topics_policy', async () => {
    await subscribe(client, { subscriptions: [{ name: 'json policy two' }], topics_policy: 'empty_topic_only' });
    expect(bodies.at(-1)?.get('topics_policy')).toBe('"empty_topic_only"');
    const sub = (await getSubscriptions(client)).find((s) => s.name === 'json policy two');
    expect(sub?.topics_policy).toBe('empty_topic_only');
  });

  it('the dev server refuses a bare string there, as Zulip does', async () => {
    const form = new URLSearchParams({ name: 'bare', subscribers: '[]', topics_policy: 'inherit' });
    const owner = server.byRole(100);
    // A raw request, as a client that sends the bare string would.
    const res = await fetch(`${server.baseUrl}/api/v1/channels/create`, {
      method: 'POST',
      headers: { Authorization: await basicAuth(owner.email, owner.password) },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
  });
});

describe('POST /invites/multiuse', () => {
  it('leaves a null welcome_message_custom_text out instead of sending "null"', async () => {
    await createInviteLink(client, { invite_as: 400, welcome_message_custom_text: null }, 999);
    expect(bodies.at(-1)?.has('welcome_message_custom_text')).toBe(false);
    await createInviteLink(client, { invite_as: 400, welcome_message_custom_text: 'Hello!' }, 999);
    expect(bodies.at(-1)?.get('welcome_message_custom_text')).toBe('Hello!');
  });
});
