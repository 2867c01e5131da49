/**
 * typing:set for one account, following Zulip's typing protocol so the renderer can simply call
 * "start" on every keystroke and "stop" when the draft is sent or cleared: a start is sent at
 * most once per server_typing_started_wait_period (the receivers' indicator lasts longer), a stop
 * goes out on its own after server_typing_stopped_wait_period without a keystroke, and moving to
 * another conversation stops the old one first. Typing is best effort: failures are logged only.
 * The same protocol serves "… is editing" notices, whose target is the message being edited.
 */
import type { TypingTarget } from '../../common/model';
import type { Logger } from '../log';
import { clampDelay } from '../delays';

/** Fallbacks for servers before FL 204, which do not send the periods. */
export const DEFAULT_STARTED_WAIT_MS = 10_000;
export const DEFAULT_STOPPED_WAIT_MS = 5_000;

export interface TypingSenderDeps<T = TypingTarget> {
  send(to: T, op: 'start' | 'stop'): Promise<unknown>;
  now(): number;
  startedWaitMs(): number;
  stoppedWaitMs(): number;
  /** The user's send_*_typing_notifications settings. */
  allowed(to: T): boolean;
  log: Logger;
  /** Which target this is, to tell a new one from the current one (conversations by default). */
  keyOf?(to: T): string;
}

function conversationKey(to: TypingTarget): string {
  return to.kind === 'dm'
    ? `dm:${[...to.userIds].sort((a, b) => a - b).join(',')}`
    : `topic:${to.channelId}:${to.topic}`;
}

interface Typing<T> {
  key: string;
  to: T;
  startedAt: number;
  idle: NodeJS.Timeout;
}

export class TypingSender<T = TypingTarget> {
  readonly #d: TypingSenderDeps<T>;
  readonly #keyOf: (to: T) => string;
  #current: Typing<T> | null = null;

  constructor(deps: TypingSenderDeps<T>) {
    this.#d = deps;
    this.#keyOf = deps.keyOf ?? ((to) => conversationKey(to as TypingTarget));
  }

  /** Returns whether a request went out (false when throttled, not allowed, or nothing to stop). */
  async set(to: T, op: 'start' | 'stop'): Promise<boolean> {
    const key = this.#keyOf(to);
    if (op === 'stop') {
      if (this.#current?.key !== key) return false;
      return this.#stop();
    }
    // Nobody to tell (a self-DM), or settings that say not to: allowed() decides.
    if (!this.#d.allowed(to)) return false;
    if (this.#current && this.#current.key !== key) await this.#stop();
    const now = this.#d.now();
    const current = this.#current;
    if (current && now - current.startedAt < this.#d.startedWaitMs()) {
      this.#armIdle(current);
      return false;
    }
    const idle = setTimeout(() => void this.#stop(), clampDelay(this.#d.stoppedWaitMs()));
    idle.unref();
    if (current) clearTimeout(current.idle);
    this.#current = { key, to, startedAt: now, idle };
    return this.#send(to, 'start');
  }

  /** Forgets any typing in progress without telling the server (the account is closing). */
  close(): void {
    if (this.#current) clearTimeout(this.#current.idle);
    this.#current = null;
  }

  #armIdle(current: Typing<T>): void {
    clearTimeout(current.idle);
    current.idle = setTimeout(() => void this.#stop(), clampDelay(this.#d.stoppedWaitMs()));
    current.idle.unref();
  }

  async #stop(): Promise<boolean> {
    const current = this.#current;
    if (!current) return false;
    clearTimeout(current.idle);
    this.#current = null;
    return this.#send(current.to, 'stop');
  }

  async #send(to: T, op: 'start' | 'stop'): Promise<boolean> {
    try {
      await this.#d.send(to, op);
      return true;
    } catch (e) {
      this.#d.log.info('typing notification failed', { op, reason: e instanceof Error ? e.message : String(e) });
      return false;
    }
  }
}
