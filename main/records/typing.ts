/**
 * Who is typing where, in memory only. A start refreshes the person's timer; a stop, or no
 * new start within the server's expiry period (server_typing_started_expiry_period_milliseconds),
 * removes them. Every change hands the whole (small) picture to onChange. The same bookkeeping
 * serves "… is editing", where the place is the message being edited instead of a conversation.
 */
import type { Narrow } from '../../common/model';
import { clampDelay } from '../delays';

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, clampDelay(ms));
    // Typing indicators never keep the process alive.
    t.unref?.();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Zulip's default expiry when the server does not say (FL < 204). */
export const DEFAULT_TYPING_EXPIRY_MS = 15_000;

interface Conversation<K> {
  narrow: K;
  /** User ID → expiry timer. */
  users: Map<number, unknown>;
}

/** Who is typing in one place (a conversation, or for edits a message ID). */
export interface TypingIn<K> {
  narrow: K;
  userIds: number[];
}

export class TypingTracker<K = Narrow> {
  readonly #conversations = new Map<string, Conversation<K>>();
  readonly #expiryMs: () => number;
  readonly #onChange: (typing: TypingIn<K>[]) => void;
  readonly #timers: Timers;

  constructor(expiryMs: () => number, onChange: (typing: TypingIn<K>[]) => void, timers: Timers = realTimers) {
    this.#expiryMs = expiryMs;
    this.#onChange = onChange;
    this.#timers = timers;
  }

  /** Applies a start or stop; returns whether the picture changed (a refreshed start does not). */
  apply(op: 'start' | 'stop', senderId: number, narrow: K): boolean {
    const key = JSON.stringify(narrow);
    const conversation = this.#conversations.get(key) ?? { narrow, users: new Map<number, unknown>() };
    const timer = conversation.users.get(senderId);
    if (timer !== undefined) this.#timers.clearTimeout(timer);
    if (op === 'stop') {
      if (timer === undefined) return false;
      this.#forget(key, conversation, senderId);
      this.#onChange(this.current());
      return true;
    }
    const expire = () => {
      this.#forget(key, conversation, senderId);
      this.#onChange(this.current());
    };
    conversation.users.set(senderId, this.#timers.setTimeout(expire, this.#expiryMs()));
    this.#conversations.set(key, conversation);
    if (timer !== undefined) return false;
    this.#onChange(this.current());
    return true;
  }

  current(): TypingIn<K>[] {
    return [...this.#conversations.values()].map((c) => ({
      narrow: c.narrow,
      userIds: [...c.users.keys()].sort((a, b) => a - b),
    }));
  }

  /** Forgets everyone (events were missed, or the account closes); says so if anyone was typing. */
  clear(): void {
    const had = this.#conversations.size > 0;
    for (const c of this.#conversations.values()) for (const t of c.users.values()) this.#timers.clearTimeout(t);
    this.#conversations.clear();
    if (had) this.#onChange([]);
  }

  #forget(key: string, conversation: Conversation<K>, userId: number): void {
    conversation.users.delete(userId);
    if (conversation.users.size === 0) this.#conversations.delete(key);
  }
}
