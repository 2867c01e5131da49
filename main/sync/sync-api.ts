/**
 * The requests the sync loop makes, behind an interface so the loop's retry logic can
 * be tested with a scripted server. apiForClient is the real one, over main/api.
 */
import {
  deleteQueue,
  eventsTimeoutMs,
  getEvents,
  getServerSettings,
  registerQueue,
  type ApiClient,
  type RegisterResponse,
  type ZulipEvent,
} from '../api';
import { registerParams } from './register-params';

export interface SyncApi {
  register(signal: AbortSignal): Promise<RegisterResponse>;
  getEvents(
    args: { queueId: string; lastEventId: number; dontBlock: boolean; longpollTimeoutSeconds: number },
    signal: AbortSignal,
  ): Promise<ZulipEvent[]>;
  deleteQueue(queueId: string): Promise<void>;
  /** Whether the server answers at all (a cheap request, never an error); see retry-wait.ts. */
  isReachable?(signal: AbortSignal): Promise<boolean>;
}

/** A probe gets a second: a slower answer is no better than the backoff's own retry. */
const PROBE_TIMEOUT_MS = 1000;

export function apiForClient(client: ApiClient): SyncApi {
  return {
    register: (signal) => registerQueue(client, registerParams(), { signal }),
    getEvents: async (a, signal) => {
      const res = await getEvents(
        client,
        { queue_id: a.queueId, last_event_id: a.lastEventId, dont_block: a.dontBlock },
        // The server answers (with a heartbeat at worst) within its long-poll timeout; the API layer adds a margin.
        { signal, timeoutMs: eventsTimeoutMs(a.longpollTimeoutSeconds) },
      );
      return res.events;
    },
    deleteQueue: (queueId) => deleteQueue(client, queueId, { timeoutMs: 5000 }),
    isReachable: (signal) =>
      getServerSettings(client, { signal, timeoutMs: PROBE_TIMEOUT_MS }).then(
        () => true,
        () => false,
      ),
  };
}
