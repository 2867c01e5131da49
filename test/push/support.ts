/**
 * Helpers for push tests: an in-process dev bouncer with one known chat server, a raw form POST
 * so tests can send exactly the bytes they mean (including broken ones), and for dev-server tests
 * a signed-in client and a push_device event feed.
 */
import { randomUUID } from 'node:crypto';
import { startBouncer, type BouncerOptions, type RunningBouncer } from '../../devserver/bouncer/server';
import { ApiClient } from '../../main/api/client';
import { fetchApiKey } from '../../main/api/routes/auth';
import { getEvents, registerQueue } from '../../main/api/routes/events';
import type { PushRegistrar, PushState } from '../../main/push/registrar';

export interface TestBouncer {
  bouncer: RunningBouncer;
  orgId: string;
  orgKey: string;
  realmUuid: string;
}

export async function startTestBouncer(opts: BouncerOptions = {}): Promise<TestBouncer> {
  const orgId = randomUUID();
  const orgKey = `key-${randomUUID()}`;
  const realmUuid = randomUUID();
  const bouncer = await startBouncer({
    testRoutes: true,
    remotes: [{ orgId, orgKey, realmUuids: [realmUuid] }],
    ...opts,
  });
  return { bouncer, orgId, orgKey, realmUuid };
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** POSTs form fields with optional Basic credentials and returns status and JSON body. */
export async function postForm(
  url: string,
  form: Record<string, string>,
  auth?: { user: string; password: string },
): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (auth) headers['authorization'] = `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`;
  const res = await fetch(url, { method: 'POST', headers, body: new URLSearchParams(form) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export async function getJson(url: string): Promise<Answer> {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A signed-in API client for a dev server user (password → POST /fetch_api_key). */
export async function signIn(baseUrl: string, user: { email: string; password: string }): Promise<ApiClient> {
  const anonymous = new ApiClient({ realmUrl: baseUrl });
  const { api_key, email } = await fetchApiKey(anonymous, { username: user.email, password: user.password });
  return anonymous.withAuth({ email, apiKey: api_key });
}

/** An event queue that only carries push_device events, and a way to feed them to a registrar until a state is reached. */
export async function pushEventQueue(client: ApiClient): Promise<{
  pushDevices: unknown;
  feedUntil(registrar: PushRegistrar, done: (s: PushState) => boolean): Promise<PushState>;
}> {
  const queue = await registerQueue(client, { event_types: ['push_device'], fetch_event_types: ['push_device'] });
  let lastEventId = queue.last_event_id;
  return {
    pushDevices: (queue as Record<string, unknown>)['push_devices'],
    async feedUntil(registrar, done) {
      // Bounded: each poll returns as soon as an event arrives; a stuck flow fails instead of hanging.
      for (let polls = 0; polls < 20 && !done(registrar.state); polls++) {
        const answer = await getEvents(
          client,
          { queue_id: queue.queue_id ?? '', last_event_id: lastEventId },
          { timeoutMs: 15_000 },
        );
        for (const event of answer.events) {
          lastEventId = Math.max(lastEventId, event.id);
          await registrar.handleEvent(event);
        }
      }
      return registrar.state;
    },
  };
}
