/**
 * The only module that touches the bridge to main. Everything else in the renderer uses a
 * BridgeClient, which turns `{ ok: false }` results into thrown BridgeErrors.
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
import { HiddenGate } from './hiddenGate';
import { WsBridge } from './wsBridge';

export class BridgeError extends Error {
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;

  constructor(error: IpcError) {
    super(error.message);
    this.name = 'BridgeError';
    this.code = error.code;
    this.details = error.details;
  }
}

/** A transport that can tell us when it came back after a drop (events may have been missed). */
export interface ReconnectSource {
  onReconnect(listener: () => void): () => void;
}

export class BridgeClient {
  constructor(
    private readonly bridge: Bridge,
    private readonly reconnects: ReconnectSource | null = null,
    /** Holds the redrawing events while the window is hidden (hiddenGate.ts); none: all pass. */
    private readonly gate: HiddenGate | null = null,
  ) {}

  /** Runs a call in main and returns its value; failures throw a BridgeError. */
  async call<N extends CallName>(name: N, args: CallArgs<N>): Promise<CallResult<N>> {
    let result: IpcResult<CallResult<N>>;
    try {
      result = await this.bridge.call(name, args);
    } catch (cause) {
      // A transport that throws instead of answering is a bug there; still give the UI a clear error.
      throw new BridgeError({ code: 'INTERNAL', message: `The call ${name} failed: ${describe(cause)}` });
    }
    if (result.ok) return result.value;
    throw new BridgeError(result.error);
  }

  send<N extends SendName>(name: N, payload: Sends[N]): void {
    this.bridge.send(name, payload);
  }

  on<N extends EventName>(name: N, listener: (payload: Events[N]) => void): () => void {
    const gate = this.gate;
    if (!gate) return this.bridge.on(name, listener);
    // A listener removed while its events are held hears none of them (its screen is gone).
    let listening = true;
    const stop = this.bridge.on(name, (payload) =>
      gate.pass(name, () => {
        if (listening) listener(payload);
      }),
    );
    return () => {
      listening = false;
      stop();
    };
  }

  /** Called after the transport reconnected; Electron's IPC never drops, so it never fires there. */
  onReconnect(listener: () => void): () => void {
    return this.reconnects?.onReconnect(listener) ?? (() => {});
  }
}

/** Picks the transport: the preload's `window.parley` in Electron, else the host's WebSocket. */
export function connectBridge(win: Window = window): BridgeClient {
  const gate = new HiddenGate(win.document);
  if (win.parley) return new BridgeClient(win.parley, null, gate);
  const ws = WsBridge.fromLocation(win.location);
  return new BridgeClient(ws, ws, gate);
}

export function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
