/**
 * Frames of the WebSocket transport of the contract (bridge host). Electron's transport
 * uses ipcRenderer.invoke/send/on with the same names and payloads.
 */
import type { CallName, EventName, Events, IpcResult, SendName, Sends } from './contract';

export type ClientFrame =
  { t: 'call'; id: number; name: CallName; args: unknown } | { t: 'send'; name: SendName; payload: Sends[SendName] };

export type ServerFrame =
  { t: 'result'; id: number; result: IpcResult<unknown> } | { t: 'event'; name: EventName; payload: Events[EventName] };
