/**
 * Helpers for push tests: an in-process dev bouncer with one known chat server, and a raw form
 * POST so tests can send exactly the bytes they mean (including broken ones).
 */
import { randomUUID } from 'node:crypto';
import { startBouncer, type BouncerOptions, type RunningBouncer } from '../../devserver/bouncer/server';

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
  const bouncer = await startBouncer({ testRoutes: true, remotes: [{ orgId, orgKey, realmUuids: [realmUuid] }], ...opts });
  return { bouncer, orgId, orgKey, realmUuid };
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** POSTs form fields with optional Basic credentials and returns status and JSON body. */
export async function postForm(url: string, form: Record<string, string>, auth?: { user: string; password: string }): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (auth) headers['authorization'] = `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`;
  const res = await fetch(url, { method: 'POST', headers, body: new URLSearchParams(form) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export async function getJson(url: string): Promise<Answer> {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
