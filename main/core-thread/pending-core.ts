/**
 * A Core to wire up while the real one is still starting. Starting the core's thread (a new
 * isolate compiling the core's bundle, then the keychain) takes a few hundred milliseconds; the
 * window and its renderer take about as long to load. Wired to this, Electron opens the window at
 * once and both happen side by side: calls made before the core is up wait for it, sends are
 * delivered in the order they were made, listeners attach when it is up. If it never comes up,
 * every call answers why.
 */
import type { Core, EventListener } from '../ipc/types';

export type PendingCore<C extends Core> = Core & {
  /** The real core, once started (rejects with the reason it could not start). */
  readonly started: Promise<C>;
};

export function pendingCore<C extends Core>(starting: Promise<C>): PendingCore<C> {
  // Settled once, so the calls' .then callbacks run in the order the calls were made.
  const settled = starting.then(
    (core) => ({ core, error: null }),
    (error: unknown) => ({ core: null, error: error instanceof Error ? error.message : String(error) }),
  );
  return {
    started: starting,
    async dispatch(name, args) {
      const { core, error } = await settled;
      if (core) return core.dispatch(name, args);
      return { ok: false, error: { code: 'INTERNAL', message: `Parley's core did not start: ${error}` } };
    },
    receive(name, payload) {
      void settled.then(({ core }) => core?.receive(name, payload));
    },
    subscribe(listener: EventListener) {
      let unsubscribe: (() => void) | null = null;
      let cancelled = false;
      void settled.then(({ core }) => {
        if (core && !cancelled) unsubscribe = core.subscribe(listener);
      });
      return () => {
        cancelled = true;
        unsubscribe?.();
      };
    },
    async close() {
      const { core } = await settled;
      await core?.close();
    },
  };
}
