/**
 * The seam between the transport-neutral core and its two transports (Electron IPC in
 * main/electron, WebSocket in main/host). Transports only move frames; the core validates
 * arguments, runs the call and turns every failure into an IpcError.
 */
import type { IpcResult, SendName, Sends } from '../../common/ipc/contract';
import type { EventListener } from '../event-listener';

export type { EventListener };

export interface Core {
  /** Runs one call named by the renderer. Never throws: unknown names and bad args come back as errors. */
  dispatch(name: string, args: unknown): Promise<IpcResult<unknown>>;
  /** A fire-and-forget message from the renderer. Unknown names are logged and dropped. */
  receive<N extends SendName>(name: N, payload: Sends[N]): void;
  /** Every event main pushes to the renderer. Returns an unsubscribe function. */
  subscribe(listener: EventListener): () => void;
  /** Stops every account's sync loop and closes every database. */
  close(): Promise<void>;
}
