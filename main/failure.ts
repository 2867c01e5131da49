/**
 * A failure whose code and message are already right for the renderer (a code it can branch on,
 * a sentence a person can read). Below the IPC layer, so that accounts, records, the outbox and
 * uploads can say why without importing the layer that carries their answers (main/failure-words.ts
 * turns it, and every other known failure, into an IpcError).
 */
import type { IpcErrorCode } from '../common/ipc/contract';

export class IpcFailure extends Error {
  override readonly name = 'IpcFailure';
  readonly code: IpcErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: IpcErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.code = code;
    this.details = details;
  }
}
