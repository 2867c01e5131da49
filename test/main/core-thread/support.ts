/**
 * A core on its own worker thread (main/core-thread) for tests: the real worker entry under tsx,
 * the OS keychain under a throw-away service name, and an event recorder.
 */
import { randomBytes } from 'node:crypto';
import keytar from 'keytar';
import type { CallArgs, CallName, CallResult, EventName, Events, IpcResult } from '../../../common/ipc/contract';
import {
  DEV_CORE_THREAD_ENTRY,
  startCoreThread,
  type CoreThreadHost,
  type RemoteCore,
} from '../../../main/core-thread';
import type { CoreThreadOptions } from '../../../main/core-thread';
import { createLogger } from '../../../main/log';

export interface ThreadedCore {
  core: RemoteCore;
  events: { name: EventName; payload: unknown }[];
  /** What the main thread's side logged (restarts, failures). */
  logLines: string[];
  ok<N extends CallName>(name: N, args: CallArgs<N>): Promise<CallResult<N>>;
  /** Resolves with the first event (recorded from now on, or `since` an index) that matches. */
  waitFor<N extends EventName>(name: N, match?: (p: Events[N]) => boolean, since?: number): Promise<Events[N]>;
}

/** A keychain service name of this run only; `removeKeys` deletes everything stored under it. */
export function throwAwayService(): { service: string; removeKeys(): Promise<void> } {
  const service = `Parley-core-thread-${randomBytes(4).toString('hex')}`;
  return {
    service,
    async removeKeys() {
      for (const { account } of await keytar.findCredentials(service)) await keytar.deletePassword(service, account);
    },
  };
}

export async function startThreadedCore(
  options: CoreThreadOptions,
  host: Partial<CoreThreadHost> = {},
): Promise<ThreadedCore> {
  const logLines: string[] = [];
  const core = await startCoreThread(
    { log: { name: 'core', level: 'error' }, ...options },
    {
      entry: DEV_CORE_THREAD_ENTRY,
      log: createLogger({ name: 'main-thread', level: 'debug', sink: (line) => logLines.push(line) }),
      ...host,
    },
  );
  const events: ThreadedCore['events'] = [];
  core.subscribe((name, payload) => events.push({ name, payload }));
  return {
    core,
    events,
    logLines,
    async ok(name, args) {
      const r = (await core.dispatch(name, args)) as IpcResult<never>;
      if (!r.ok) throw new Error(`${name} failed: ${r.error.code} ${r.error.message}`);
      return r.value;
    },
    async waitFor(name, match = () => true, since = 0) {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const found = events.slice(since).find((e) => e.name === name && match(e.payload as Events[typeof name]));
        if (found) return found.payload as Events[typeof name];
        if (Date.now() > deadline) throw new Error(`no matching ${name} event within 20 s`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}
