/**
 * The read state the user last asked for, per message, until the server's event for that request
 * comes back. The server sends update_message_flags events in the order it carried the requests
 * out, so an event that says the opposite of a pending request is older than it: a "read" for the
 * markRead just before a "mark as unread from here" would otherwise turn the messages read again
 * until the "unread" event followed (seen once the requests got faster, issue 28). An event that
 * agrees ends the wait; so does a refusal (forget) or, for a request whose event never comes (the
 * server had nothing to change, or the queue was lost and a resync will say), INTENT_TTL_MS.
 *
 * In memory only, as store.versions: a request never outlives the process.
 */

/** How long a request's event may take before its intent no longer holds others back. */
export const INTENT_TTL_MS = 60_000;
/** Past this many waiting, the expired ones are dropped (those whose event never came, left running for days). */
const PRUNE_AT = 2_000;

export class ReadIntents {
  readonly #wanted = new Map<number, { read: boolean; at: number }>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** The user asked for these messages to be `read` (true) or unread (false). */
  want(ids: readonly number[], read: boolean): void {
    const at = this.#now();
    for (const id of ids) this.#wanted.set(id, { read, at });
    if (this.#wanted.size > PRUNE_AT) {
      for (const [id, wanted] of this.#wanted) if (at - wanted.at > INTENT_TTL_MS) this.#wanted.delete(id);
    }
  }

  /** How many requests' messages are waiting for their event (tests). */
  get size(): number {
    return this.#wanted.size;
  }

  /** The server refused the request: its messages wait for nothing. */
  forget(ids: readonly number[]): void {
    for (const id of ids) this.#wanted.delete(id);
  }

  /**
   * Of an event's messages, those whose state it may set to `read`: all but those a later request
   * of the user's asked the opposite for. An event that agrees with a request ends its wait.
   */
  admit(ids: readonly number[], read: boolean): number[] {
    if (this.#wanted.size === 0) return [...ids];
    const now = this.#now();
    return ids.filter((id) => {
      const wanted = this.#wanted.get(id);
      if (wanted === undefined) return true;
      if (wanted.read === read || now - wanted.at > INTENT_TTL_MS) {
        this.#wanted.delete(id);
        return true;
      }
      return false;
    });
  }
}
