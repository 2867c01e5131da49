/**
 * The messages between the app's main thread and the core's worker thread (./remote-core.ts and
 * ./run-thread.ts). Everything here survives structured cloning: no functions, no class instances.
 */
import type { EventName, Events, IpcResult, SendName, Sends } from '../../common/ipc/contract';
import type { KeychainStatus } from '../../common/model';
import type { LogLevel } from '../log';
import type { PushToken } from '../push/payload';

/**
 * How long the app lets syncing wait for its first screen to be answered from the cache
 * (CoreOptions.syncGraceMs in main/core.ts): longer than a window takes to load, short enough that
 * fresh messages are not held back when no screen asks.
 */
export const SYNC_GRACE_MS = 1500;

/** What createCore needs, in a form that can be posted to a worker. */
export interface CoreThreadOptions {
  dataDir: string;
  /** Keychain service name for keys (tests use their own); default: the app's. */
  keychainService?: string;
  /** Keep keys in memory only (tests without a keychain); default: the OS keychain, falling back to memory. */
  memoryCredentials?: boolean;
  log?: { name: string; level?: LogLevel };
  /** Encrypted push: the device token is asked of the main thread, which owns the platform's push service. */
  push?: { bouncerPublicKey: string };
  /** better-sqlite3's addon for this runtime (main/store/native-binding.ts); default: its own. */
  sqliteBinding?: string;
  /** See CoreOptions.syncGraceMs (main/core.ts); default 0. */
  syncGraceMs?: number;
  /** When the loader entry (cached-entry.ts) writes the core's code cache; tests shorten it. */
  codeCacheWriteAfterMs?: number;
  /**
   * Ask the main thread for the OS proxy of each server (main/api/system-proxy.ts) when the
   * environment names none; Electron sets it. Default: direct unless the environment says otherwise.
   */
  systemProxy?: boolean;
  /** See CoreOptions.rendererDir (main/core.ts): the build whose launch pictures are kept. */
  rendererDir?: string;
}

/** Main thread → worker. */
export type ToThread =
  | { kind: 'call'; id: number; name: string; args: unknown }
  | { kind: 'send'; name: SendName; payload: Sends[SendName] }
  | { kind: 'answer'; id: number; value: PushToken | string | null; error?: string }
  | { kind: 'close' };

/** A call's answer or an event: what the worker gathers per turn of its loop (turn-batcher.ts). */
export type TurnMessage =
  | { kind: 'result'; id: number; result: IpcResult<unknown> }
  | { kind: 'event'; name: EventName; payload: Events[EventName] };

/** Worker → main thread. */
export type FromThread =
  | { kind: 'ready'; keychain: KeychainStatus }
  | { kind: 'failed'; message: string }
  | TurnMessage
  /** The answers and events of one turn of the worker's loop, in order. */
  | { kind: 'batch'; messages: TurnMessage[] }
  /** The core asks the main thread for the platform's push token, or the OS proxy for a URL (PAC syntax). */
  | { kind: 'ask'; id: number; what: 'pushToken' }
  | { kind: 'ask'; id: number; what: 'proxy'; url: string }
  | { kind: 'closed' };

/** Anything that posts and receives messages: a worker's parentPort, a MessagePort in tests. */
export interface ThreadPort {
  postMessage(message: FromThread): void;
  on(event: 'message', listener: (message: ToThread) => void): unknown;
}
