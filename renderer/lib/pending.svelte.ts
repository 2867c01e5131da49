/**
 * The state of one form's submit: busy while it runs, and the error text to show when it fails.
 * A failure becomes a readable message (what the user typed stays in the form), never a rejection.
 */
import { errorText } from './errors';

export class Pending {
  busy = $state(false);
  error = $state<string | null>(null);

  /** Runs the action once; true when it succeeded. */
  async run(action: () => Promise<unknown>): Promise<boolean> {
    this.busy = true;
    this.error = null;
    try {
      await action();
      return true;
    } catch (failure) {
      this.error = errorText(failure);
      return false;
    } finally {
      this.busy = false;
    }
  }
}
