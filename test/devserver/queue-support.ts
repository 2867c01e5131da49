/** Event queues and signed-in clients for the dev server tests, read without blocking. */
import type { RunningDevServer } from '../helpers/devserver';
import { openQueue } from './queue_support';
import { login, type Api, type Obj, type ParamValue } from './support';

export type Client = Api & { userId: number; email: string };

/** A client's event queue; `drain()` returns what arrived since the last call, without blocking. */
export interface Queue {
  id: string;
  drain(): Promise<Obj[]>;
  /** Drains and keeps only events of these types. */
  drainTypes(...types: string[]): Promise<Obj[]>;
}

/** Registers a queue (`params` go to POST /register; they may name fetch_event_types). */
export async function openEventQueue(api: Api, params: Record<string, ParamValue> = {}): Promise<Queue> {
  const queue = await openQueue(api, { fetch_event_types: [], ...params });
  return {
    id: queue.id,
    drain: queue.take,
    drainTypes: async (...types) => (await queue.take()).filter((event) => types.includes(event['type'] as string)),
  };
}

/** Signs in the first seeded user with the role, or the nth (0-based) of that role. */
export async function loginRole(server: RunningDevServer, role: number, nth = 0): Promise<Client> {
  const user = server.users.filter((u) => u.role === role)[nth];
  if (!user) throw new Error(`no user number ${nth} with role ${role}`);
  return login(server, user);
}
