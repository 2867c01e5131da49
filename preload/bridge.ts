/**
 * The Bridge the preload hands the page as `window.parley`, built on ipcRenderer. It exposes the
 * contract's three verbs and nothing else: ipcRenderer itself and Electron's event objects never
 * reach the page, and names outside the contract are refused here before they cross to main.
 */
import type { IpcRenderer, IpcRendererEvent } from 'electron';
import {
  CALL_NAMES,
  EVENT_NAMES,
  IPC_CALL_CHANNEL,
  IPC_EVENT_CHANNEL,
  IPC_SEND_CHANNEL,
  SEND_NAMES,
  type Bridge,
  type EventName,
  type IpcResult,
  type Sends,
} from '../common/ipc/contract';

export type IpcRendererLike = Pick<IpcRenderer, 'invoke' | 'send' | 'on' | 'removeListener'>;

const isOneOf = (names: readonly string[], name: unknown): boolean => typeof name === 'string' && names.includes(name);

export function createPreloadBridge(ipc: IpcRendererLike): Bridge {
  type Listener = (payload: unknown) => void;
  const listeners = new Map<string, Set<Listener>>();

  // One IPC listener for all events, attached while anyone listens.
  const onEvent = (_event: IpcRendererEvent, name: unknown, payload: unknown): void => {
    if (typeof name !== 'string') return;
    for (const listener of [...(listeners.get(name) ?? [])]) {
      try {
        listener(payload);
      } catch (error) {
        // One broken listener must not starve the others; main's log hears about it.
        const failure = error instanceof Error ? error : new Error(String(error));
        console.error(`Parley: a listener for "${name}" failed`, failure);
        const report: Sends['log:error'] = { message: `A listener for "${name}" failed: ${failure.message}` };
        if (failure.stack) report.stack = failure.stack;
        ipc.send(IPC_SEND_CHANNEL, 'log:error', report);
      }
    }
  };
  const listenerCount = (): number => [...listeners.values()].reduce((sum, set) => sum + set.size, 0);

  return {
    async call(name, args) {
      if (!isOneOf(CALL_NAMES, name)) {
        return { ok: false, error: { code: 'UNKNOWN_CALL', message: `Unknown call "${String(name)}".` } };
      }
      try {
        return (await ipc.invoke(IPC_CALL_CHANNEL, name, args)) as IpcResult<never>;
      } catch {
        return { ok: false, error: { code: 'INTERNAL', message: 'Parley could not reach its main process.' } };
      }
    },
    send(name, payload) {
      if (!isOneOf(SEND_NAMES, name)) throw new TypeError(`Unknown send "${String(name)}".`);
      ipc.send(IPC_SEND_CHANNEL, name, payload);
    },
    on(name: EventName, listener) {
      if (!isOneOf(EVENT_NAMES, name)) throw new TypeError(`Unknown event "${String(name)}".`);
      if (typeof listener !== 'function') throw new TypeError('An event listener must be a function.');
      if (listenerCount() === 0) ipc.on(IPC_EVENT_CHANNEL, onEvent);
      const set = listeners.get(name) ?? new Set<Listener>();
      listeners.set(name, set);
      // Wrapped so the same function can be subscribed twice and unsubscribed once.
      const entry: Listener = (payload) => (listener as Listener)(payload);
      set.add(entry);
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        set.delete(entry);
        if (listenerCount() === 0) ipc.removeListener(IPC_EVENT_CHANNEL, onEvent);
      };
    },
  };
}
