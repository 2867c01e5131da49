/**
 * The requests the sync loop makes, behind an interface so the loop's retry logic can
 * be tested with a scripted server. apiForClient is the real one, over main/api.
 */
import {
  ApiError,
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

/**
 * The server refused a register parameter this level of it should take: a server downgraded since
 * we last saw it (a cached level of 412 or more) refuses include_subscribers "partial".
 */
function refusedPartialLists(e: unknown): boolean {
  return e instanceof ApiError && e.httpStatus === 400 && e.message.includes('include_subscribers');
}

/** The register request: partial subscriber lists where the server's last known level takes them. */
async function register(client: ApiClient, featureLevel: number, signal: AbortSignal): Promise<RegisterResponse> {
  const params = registerParams(featureLevel);
  try {
    return await registerQueue(client, params, { signal });
  } catch (e) {
    if (params.include_subscribers !== 'partial' || !refusedPartialLists(e)) throw e;
    return registerQueue(client, { ...params, include_subscribers: true }, { signal });
  }
}

/**
 * `featureLevel` is the server's as last known; without one register asks for full subscriber
 * lists, which every server takes.
 */
export function apiForClient(client: ApiClient, featureLevel: () => number = () => 0): SyncApi {
  return {
    register: (signal) => register(client, featureLevel(), signal),
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
