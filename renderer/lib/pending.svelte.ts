/**
 * The state of one form's submit: busy while it runs, what went wrong when it fails, and what
 * the last success said. A failure becomes a readable message (what the user typed stays in
 * the form), never a rejection.
 */
import { BridgeError } from './bridge';
import { showError, type ShownError } from './errors';

/** Why a button is disabled while its action runs (its title, so the pointer and screen readers get it). */
export const WAITING_FOR_SERVER = 'Waiting for the server…';

export class Pending {
  busy = $state(false);
  /** What went wrong, in the user's terms (a title, and main's detail when it adds something). */
  problem = $state.raw<ShownError | null>(null);
  /** Main's error code of the last failure, for a form that treats one kind differently. */
  code = $state<string | null>(null);
  /** What the last success said, for a status line ("Color saved."). */
  done = $state<string | null>(null);

  /** The disabled button's reason while the action runs; nothing otherwise. */
  get whyBusy(): string | undefined {
    return this.busy ? WAITING_FOR_SERVER : undefined;
  }

  /** The problem as one sentence. Setting it reports a problem found before asking anyone. */
  get error(): string | null {
    if (!this.problem) return null;
    return this.problem.detail ? `${this.problem.title} ${this.problem.detail}` : this.problem.title;
  }

  set error(text: string | null) {
    this.problem = text === null ? null : { title: text, detail: null };
    this.done = null;
  }

  /**
   * Runs the action once; true when it succeeded. `done` (or what it makes of the action's
   * result) becomes the status line of a success.
   */
  async run<T>(action: () => Promise<T>, done?: string | ((result: T) => string)): Promise<boolean> {
    this.busy = true;
    this.problem = this.code = this.done = null;
    try {
      const result = await action();
      this.done = typeof done === 'function' ? done(result) : (done ?? null);
      return true;
    } catch (failure) {
      this.problem = showError(failure);
      this.code = failure instanceof BridgeError ? failure.code : null;
      return false;
    } finally {
      this.busy = false;
    }
  }
}
