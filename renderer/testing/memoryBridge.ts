/**
 * An in-memory Bridge for component and state tests: the bridge is the process boundary, so
 * tests stand in for main here. Handlers answer calls; emit() pushes events; every call and
 * send is recorded so tests can assert what the renderer asked for.
 */
import type {
  Bridge,
  CallArgs,
  CallName,
  CallResult,
  EventName,
  Events,
  IpcError,
  IpcResult,
  SendName,
  Sends,
} from '../../common/ipc/contract';
import { BridgeClient } from '../lib/bridge';

type Handler<N extends CallName> = (args: CallArgs<N>) => CallResult<N> | Promise<CallResult<N>>;
type Handlers = { [N in CallName]?: Handler<N> };

/** Thrown by a handler to answer `{ ok: false, error }`. */
export class CallFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface RecordedCall {
  name: CallName;
  args: unknown;
}

export class MemoryBridge implements Bridge {
  readonly calls: RecordedCall[] = [];
  readonly sends: Array<{ name: SendName; payload: unknown }> = [];
  private readonly handlers: Handlers = {};
  private readonly listeners = new Map<string, Set<(payload: never) => void>>();
  private readonly reconnectListeners = new Set<() => void>();

  handle<N extends CallName>(name: N, handler: Handler<N>): this {
    (this.handlers as Record<string, unknown>)[name] = handler;
    return this;
  }

  async call<N extends CallName>(name: N, args: CallArgs<N>): Promise<IpcResult<CallResult<N>>> {
    this.calls.push({ name, args });
    const handler = this.handlers[name] as Handler<N> | undefined;
    if (!handler) return { ok: false, error: { code: 'UNKNOWN_CALL', message: `No handler for ${name}` } };
    try {
      return { ok: true, value: await handler(args) };
    } catch (error) {
      const ipc: IpcError =
        error instanceof CallFailure
          ? { code: error.code, message: error.message }
          : { code: 'INTERNAL', message: String(error) };
      return { ok: false, error: ipc };
    }
  }

  send<N extends SendName>(name: N, payload: Sends[N]): void {
    this.sends.push({ name, payload });
  }

  on<N extends EventName>(name: N, listener: (payload: Events[N]) => void): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    const entry = listener as (payload: never) => void;
    set.add(entry);
    return () => set.delete(entry);
  }

  /** Pushes an event as main would. */
  emit<N extends EventName>(name: N, payload: Events[N]): void {
    for (const listener of this.listeners.get(name) ?? []) (listener as (p: Events[N]) => void)(payload);
  }

  listenerCount(name: EventName): number {
    return this.listeners.get(name)?.size ?? 0;
  }

  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  reconnect(): void {
    for (const listener of this.reconnectListeners) listener();
  }

  callsOf<N extends CallName>(name: N): Array<CallArgs<N>> {
    return this.calls.filter((c) => c.name === name).map((c) => c.args as CallArgs<N>);
  }

  client(): BridgeClient {
    return new BridgeClient(this, this);
  }
}
