/**
 * Node's fetch (its bundled undici) gives every request a headers and a body timeout of 300 s,
 * kept on a timer wheel that wakes the thread every 499 ms while any request is pending. The
 * event long-poll always is, so an idle app woke its core thread twice a second for nothing
 * (issue 28 item 5). Every request of ours carries its own deadline (./deadline.ts), so those
 * timeouts only duplicate it: the thread's global agent is replaced by one without them.
 *
 * undici (bundled or installed) keeps the global agent under a registered symbol, the contract
 * between its versions (setGlobalDispatcher writes it); the bundled Agent class is reached through
 * the agent already there, so the ~1 MB undici package is not loaded for this.
 *
 * The same agent keeps an idle socket up to 1 s short of the server's Keep-Alive hint, not
 * undici's 2 s: the batched read's socket idles a few seconds between incoming messages, and
 * against a 5 s hint (Node's default, the dev server's) it was closed after 3 s, so most reads
 * paid a new connection: a Pool, a Client, a socket and its parser on the core thread (issue 28
 * item 2, profiled in bench/README.md). One second still covers a slow round trip; a server that
 * hints nothing keeps undici's own 4 s.
 */
import type { Logger } from '../log';

const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');

interface AgentOptions {
  headersTimeout: number;
  bodyTimeout: number;
  keepAliveTimeoutThreshold: number;
}
type AgentClass = new (options: AgentOptions) => unknown;

/** How long before the server's hinted keep-alive ends an idle socket stops being reused. */
export const KEEP_ALIVE_MARGIN_MS = 1000;

/** Returns whether the agent was replaced; where it cannot be (another runtime), nothing changes. */
export function quietFetchTimers(log: Logger): boolean {
  const slot = globalThis as unknown as Record<symbol, unknown>;
  // A data: URL touches no network; the call creates the global agent (synchronously) if none is there yet.
  fetch('data:,').then(
    (res) => res.arrayBuffer(),
    () => undefined,
  );
  const current = slot[GLOBAL_DISPATCHER] as { constructor?: unknown } | undefined;
  const Agent = current?.constructor as AgentClass | undefined;
  if (typeof Agent !== 'function' || Agent.name !== 'Agent') {
    log.info('fetch keeps its own timeouts: its agent is not undici’s');
    return false;
  }
  try {
    slot[GLOBAL_DISPATCHER] = new Agent({
      headersTimeout: 0,
      bodyTimeout: 0,
      keepAliveTimeoutThreshold: KEEP_ALIVE_MARGIN_MS,
    });
    return true;
  } catch (e) {
    slot[GLOBAL_DISPATCHER] = current;
    log.info('fetch keeps its own timeouts', { error: e });
    return false;
  }
}
