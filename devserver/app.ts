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
}

/** Unix time in whole seconds, the unit of every timestamp in the API. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
