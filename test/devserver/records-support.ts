/** Helpers for the records-area dev server tests (drafts, snippets, views, profile fields, ...). */
import { expect } from 'vitest';
import { openEventQueue, type Queue } from './queue-support';
import type { Api, Obj, ParamValue } from './support';

export { loginRole, type Client, type Queue } from './queue-support';

/** A queue of this area's tests (fetch_event_types [] unless `params` say otherwise). */
export function openQueue(api: Api, params: Record<string, ParamValue> = {}): Promise<Queue> {
  return openEventQueue(api, { fetch_event_types: [], ...params });
}

/** An error response with this HTTP status, code and (when given) message. */
export function expectError(res: { status: number; body: Obj }, status: number, code: string, msg?: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body['result']).toBe('error');
  expect(res.body['code']).toBe(code);
  if (msg !== undefined) expect(res.body['msg']).toBe(msg);
}

/** Fetches one initial-data field of POST /register (the queue is left to be collected). */
export async function registered(api: Api, type: string, field = type): Promise<unknown> {
  const body = await api.ok('POST', '/register', { fetch_event_types: [type], event_types: [type] });
  return body[field];
}
