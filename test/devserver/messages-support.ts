/** Helpers for the messages-area dev server tests: event queues read without blocking. */
import { expect } from 'vitest';
import type { RunningDevServer } from '../helpers/devserver';
import { login, type Api, type Obj, type ParamValue } from './support';

export type Client = Api & { userId: number; email: string };

/** An event queue of one client; `drain()` returns the events that arrived since the last call. */
export interface Queue {
  id: string;
  drain(): Promise<Obj[]>;
  /** Drains and keeps only events of these types. */
  drainTypes(...types: string[]): Promise<Obj[]>;
}

export async function openQueue(api: Api, params: Record<string, ParamValue> = {}): Promise<Queue> {
  const body = await api.ok('POST', '/register', { fetch_event_types: ['realm'], ...params });
  const id = body['queue_id'] as string;
  let last = -1;
  const drain = async (): Promise<Obj[]> => {
    const res = await api.ok('GET', '/events', { queue_id: id, last_event_id: last, dont_block: true });
    const events = res['events'] as Obj[];
    if (events.length > 0) last = events[events.length - 1]!['id'] as number;
    return events.filter((event) => event['type'] !== 'heartbeat');
  };
  return {
    id,
    drain,
    drainTypes: async (...types) => (await drain()).filter((event) => types.includes(event['type'])),
  };
}

/** One message as `api` sees it, fetched back by ID. */
export async function fetchMessage(api: Api, id: number, params: Record<string, ParamValue> = {}): Promise<Obj> {
  const body = await api.ok('GET', '/messages', { message_ids: [id], ...params });
  expect(body['messages']).toHaveLength(1);
  return body['messages'][0] as Obj;
}

/** Signs in the first seeded user with the role, or the nth (0-based) of that role. */
export async function loginRole(server: RunningDevServer, role: number, nth = 0): Promise<Client> {
  const user = server.users.filter((u) => u.role === role)[nth];
  if (!user) throw new Error(`no ${nth}th user with role ${role}`);
  return login(server, user);
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
