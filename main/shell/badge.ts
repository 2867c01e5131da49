/**
 * The number on the dock or taskbar icon: what waits for the user across every account. Like a
 * phone's badge it counts what is addressed to the user (unread direct messages and unread
 * mentions), not every unread channel message, which in a busy organization never reaches zero.
 */
import type { UnreadCounts } from '../../common/model';

export class BadgeCounter {
  readonly #perAccount = new Map<string, number>();
  #shown = 0;

  /** An account's counts changed; returns the new badge, or null when it stays the same. */
  update(counts: UnreadCounts): number | null {
    const waiting = counts.dms.reduce((n, dm) => n + dm.count, 0) + counts.mentions;
    this.#perAccount.set(counts.accountId, waiting);
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
