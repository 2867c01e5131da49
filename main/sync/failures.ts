/** How the sync loop reacts to each kind of failure, and the words the user sees for it. */
import { ApiError, NetworkError, ProtocolError, isAuthFailure, isTransient } from '../api';
import { networkFailureWords } from '../api/network';
import { StorageFailure } from '../store/storage-failure';

export type Reaction =
  /** The key no longer works (or the user/organization is deactivated): stop and ask to sign in. */
  | { kind: 'signOut'; message: string }
  /** The queue is gone (or keeps failing to parse): register a new one. */
  | { kind: 'reregister'; message: string }
  /** Wait and try the same thing again. */
  | { kind: 'retry'; message: string; retryAfterMs: number | null; unreachable?: { detail: string } };

export function classifyFailure(e: unknown, during: 'register' | 'poll', dbFile?: string): Reaction {
  // The cache could not be written: the same queue is asked again later (the server keeps the
  // events until we acknowledge them), so nothing is lost while the user frees space.
  const disk = StorageFailure.from(e, dbFile);
  if (disk) return { kind: 'retry', message: disk.message, retryAfterMs: null };
  if (isAuthFailure(e)) {
    const why = e instanceof ApiError ? e.message : 'the server refused the saved key';
    return { kind: 'signOut', message: `Signed out: ${why}. Sign in again to continue.` };
  }
  if (e instanceof ApiError && e.code === 'BAD_EVENT_QUEUE_ID') {
    return { kind: 'reregister', message: 'The server forgot our event queue; reconnecting.' };
  }
  if (e instanceof NetworkError && e.host !== null) return unreachable(e, e.host);
  if (isTransient(e)) {
    const retryAfterMs = e instanceof ApiError ? e.retryAfterMs : null;
    const message =
      e instanceof NetworkError
        ? e.message
        : e instanceof ApiError && e.httpStatus === 429
          ? 'The server asked us to slow down.'
          : `The server is having trouble (${e instanceof ApiError || e instanceof ProtocolError ? `HTTP ${e.httpStatus}` : 'error'}).`;
    return { kind: 'retry', message, retryAfterMs };
  }
  // Anything else would fail the same way again. While polling, a fresh queue (and snapshot)
  // gets past an event we cannot read; while registering, all we can do is wait and retry.
  const message = e instanceof Error ? e.message : String(e);
  return during === 'poll' ? { kind: 'reregister', message } : { kind: 'retry', message, retryAfterMs: null };
}

/** No answer from the server: a headline naming it and the reason in words (never a raw code). */
function unreachable(e: NetworkError, host: string): Reaction {
  const timedOut = e.reason === 'timeout';
  return {
    kind: 'retry',
    message: timedOut ? `${host} is not answering` : `Can't reach ${host}`,
    retryAfterMs: null,
    unreachable: { detail: timedOut ? 'the request timed out' : networkFailureWords(e) },
  };
}
