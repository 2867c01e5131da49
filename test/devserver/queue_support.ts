/** Test helper: an event queue for one client, read without blocking after each action. */
import type { Api, Obj, ParamValue } from './support';

export interface TestQueue {
  id: string;
  /** The register response. */
  initial: Obj;
  /** Events that arrived since the last call (acknowledging them), heartbeats left out. */
  take(): Promise<Obj[]>;
  /** Like take(), keeping only events of one type (and op, if given). */
  takeOf(type: string, op?: string): Promise<Obj[]>;
}

/**
 * Registers a queue (every event type unless `event_types` is given). Events are queued before the
 * acting request answers, so a non-blocking poll right after an action sees them all.
 */
export async function openQueue(api: Api, params: Record<string, ParamValue> = {}): Promise<TestQueue> {
  const initial = await api.ok('POST', '/register', { fetch_event_types: ['realm'], ...params });
  const id = initial['queue_id'] as string;
  let last = -1;
  const take = async (): Promise<Obj[]> => {
    const body = await api.ok('GET', '/events', { queue_id: id, last_event_id: last, dont_block: true });
    const events = body['events'] as Obj[];
    if (events.length > 0) last = events[events.length - 1]!['id'] as number;
    return events.filter((event) => event['type'] !== 'heartbeat');
  };
  return {
    id,
    initial,
    take,
    async takeOf(type, op) {
      return (await take()).filter((event) => event['type'] === type && (op === undefined || event['op'] === op));
    },
  };
}
