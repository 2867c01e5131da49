/**
 * Every failure that crosses the bridge becomes an IpcError: a code the renderer can branch
 * on and a sentence a person can read. Nothing here may carry a secret, so every message
 * also goes through the log's redaction before it leaves. It sits beside failure.ts, below the
 * IPC layer, because the accounts layer also words failures it emits as events (account:ssoResult).
 */
import type { IpcError } from '../common/ipc/contract';
import { ApiError, NetworkError, ProbeError, ProtocolError, RedirectRefusedError } from './api';
import { AuthInputError } from './auth';
import { KeychainError } from './credentials';
import { IpcFailure } from './failure';
import { redactText, type Logger } from './log';
import { StoreError } from './store/errors';
import { StorageFailure } from './store/storage-failure';

export { IpcFailure };

function known(e: unknown): IpcError | null {
  if (e instanceof IpcFailure)
    return { code: e.code, message: e.message, ...(e.details ? { details: e.details } : {}) };
  // Input problems of sign-in (pasted key, zuliprc, SSO redirect): their words name the field, never its value.
  if (e instanceof AuthInputError) return { code: e.code, message: e.message };
  if (e instanceof ProbeError)
    return { code: e.code === 'INVALID_URL' ? 'INVALID_ARGUMENT' : e.code, message: e.message };
  if (e instanceof NetworkError) return { code: 'UNREACHABLE', message: `${e.message}. Check your connection.` };
  // Server codes (STREAM_DOES_NOT_EXIST, BAD_REQUEST, ...) pass through with the server's own words.
  if (e instanceof ApiError)
    return { code: e.code, message: e.message || `The server refused (HTTP ${e.httpStatus}).` };
  // Its message names where the server pointed and says why Parley did not go there.
  if (e instanceof RedirectRefusedError) return { code: 'REDIRECTED', message: e.message };
  if (e instanceof ProtocolError)
    return { code: 'BAD_RESPONSE', message: `The server's answer made no sense: ${e.message}` };
  if (e instanceof KeychainError) return { code: 'KEYCHAIN', message: `The system keychain failed: ${e.message}` };
  if (e instanceof StoreError) return { code: 'STORAGE', message: e.message };
  // A full or read-only disk under the cache, wherever a call wrote (compose:send, a page fetched).
  const disk = StorageFailure.from(e);
  if (disk) return { code: 'STORAGE', message: disk.message };
  return null;
}

export function toIpcError(e: unknown, log: Logger): IpcError {
  const err = known(e);
  if (err) return { ...err, message: redactText(err.message) };
  log.error('unexpected failure in a call', { error: e });
  return { code: 'INTERNAL', message: 'Something went wrong inside Parley. The details are in its log.' };
}
