/**
 * Frames of the WebSocket transport of the contract (bridge host). Electron's transport
 * uses ipcRenderer.invoke/send/on with the same names and payloads.
 */
import type { CallName, EventName, Events, IpcResult, SendName, Sends } from './contract';

export type ClientFrame =
  { t: 'call'; id: number; name: CallName; args: unknown } | { t: 'send'; name: SendName; payload: Sends[SendName] };

/**
 * The first frame a page sends on a new socket: the session secret it got for the launch token
 * (main/host/sessions.ts). Nothing else is read until it has been accepted.
 */
export interface HelloFrame {
  t: 'hello';
  session: string;
}

/** The close code of a socket whose first frame was not a live session's hello. */
export const SESSION_REFUSED_CLOSE = 4403;

/** One answer or one event. */
export type SingleServerFrame =
  { t: 'result'; id: number; result: IpcResult<unknown> } | { t: 'event'; name: EventName; payload: Events[EventName] };

/**
 * What the host sends: one frame, or the frames of one turn of its event loop in order (a batch of
 * server events becomes several bridge events; one WebSocket message lets the page handle them in
 * one task and render once, main/host/frame-batcher.ts).
 */
export type ServerFrame = SingleServerFrame | { t: 'batch'; frames: SingleServerFrame[] };
