/** Helpers for the messages-area dev server tests: event queues read without blocking. */
import { expect } from 'vitest';
import { openEventQueue, type Queue } from './queue-support';
import type { Api, Obj, ParamValue } from './support';

export { loginRole, type Client, type Queue } from './queue-support';

/** A queue of this area's tests (fetch_event_types ['realm'] unless `params` say otherwise). */
export function openQueue(api: Api, params: Record<string, ParamValue> = {}): Promise<Queue> {
  return openEventQueue(api, { fetch_event_types: ['realm'], ...params });
}

/** One message as `api` sees it, fetched back by ID. */
export async function fetchMessage(api: Api, id: number, params: Record<string, ParamValue> = {}): Promise<Obj> {
  const body = await api.ok('GET', '/messages', { message_ids: [id], ...params });
  expect(body['messages']).toHaveLength(1);
  return body['messages'][0] as Obj;
}

/** A 400 error with this code (and message, when given). */
export function expectError(res: { status: number; body: Obj }, code: string, msg?: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body['result']).toBe('error');
  expect(res.body['code']).toBe(code);
  if (msg !== undefined) expect(res.body['msg']).toBe(msg);
}

/** A fresh topic name, so tests in one file do not see each other's messages. */
let counter = 0;
export function freshTopic(label: string): string {
  counter += 1;
  return `${label} ${Date.now().toString(36)}-${counter}`;
}
