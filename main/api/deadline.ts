/**
 * One request's abort signal: the caller's cancel and a deadline together, released when the
 * request ends. `AbortSignal.any([callerSignal, AbortSignal.timeout(ms)])` does the same but
 * keeps, per request, a pending timer (90 s for an event poll) and a registration on the
 * caller's long-lived signal: an account's sync loop made one per poll and held ~2.5 KiB each
 * for as long as it ran (issue 28 item 5: the core grew with every incoming message).
 */
export interface Deadline {
  readonly signal: AbortSignal;
  /** Whether it was the deadline, not the caller, that aborted. */
  readonly timedOut: boolean;
  /** Clears the timer and the listener on the caller's signal; call once the answer is read. */
  release(): void;
}

export function startDeadline(ms: number, callerSignal?: AbortSignal): Deadline {
  const controller = new AbortController();
  let timedOut = false;
  const onCallerAbort = (): void => controller.abort(callerSignal?.reason);
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The deadline passed', 'TimeoutError'));
  }, ms);
  // As AbortSignal.timeout: a pending request's deadline alone does not keep the process alive.
  timer.unref?.();
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    release() {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    },
  };
}
