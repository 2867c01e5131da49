/**
 * The number on the dock or taskbar icon: what waits for the user (common/attention.ts) summed
 * over every account.
 */
import { waitingFor } from '../../common/attention';
import type { UnreadSummary } from '../../common/model';

export class BadgeCounter {
  readonly #perAccount = new Map<string, number>();
  #shown = 0;

  /** An account's counts changed; returns the new badge, or null when it stays the same. */
  update(counts: UnreadSummary): number | null {
    this.#perAccount.set(counts.accountId, waitingFor(counts));
    return this.#settle();
  }

  /** Only these accounts remain (one signed out); returns the new badge, or null when unchanged. */
  keep(accountIds: readonly string[]): number | null {
    for (const id of [...this.#perAccount.keys()]) if (!accountIds.includes(id)) this.#perAccount.delete(id);
    return this.#settle();
  }

  #settle(): number | null {
    const total = [...this.#perAccount.values()].reduce((a, b) => a + b, 0);
    if (total === this.#shown) return null;
    this.#shown = total;
    return total;
  }
}
