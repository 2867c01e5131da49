import type { ApnsTokens } from './bouncer/apns_tokens';
import type { PushService } from './bouncer/push_service';
import type { QueueRegistry } from './events/registry';
import type { ServerOptions } from './options';
import type { Store } from './store/store';

/** What every route handler can reach: storage, the event queues, settings, and our own URL. */
export interface App {
  readonly store: Store;
  readonly queues: QueueRegistry;
  readonly options: ServerOptions;
  /** `http://127.0.0.1:PORT`, known once the server listens. */
  readonly baseUrl: string;
  /** Encrypted push: devices, the bouncer link (PUSH_SERVICE_NOT_CONFIGURED without one). */
  readonly push: PushService;
  /** Legacy APNs tokens from POST /users/me/apns_device_token. */
  readonly apnsTokens: ApnsTokens;
  /**
   * Zulip's server_generation: when this server (re)started, in seconds. POST /register reports it;
   * a simulated restart (faults/queues.ts) moves it on, so clients can tell the server changed.
   */
  serverGeneration: number;
}

/**
 * How far the server's clock runs ahead of the machine's, in seconds. Only the fault interface
 * moves it (POST /parley-control/clock), so tests can reach a scheduled message's time at once.
 */
let clockOffsetSeconds = 0;

/** Unix time in whole seconds, the unit of every timestamp in the API. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000) + clockOffsetSeconds;
}

/** Moves the server's clock on (tests only, through the fault interface); returns the new time. */
export function advanceClock(seconds: number): number {
  clockOffsetSeconds += seconds;
  return nowSeconds();
}
