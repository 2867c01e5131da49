/**
 * What waits for the user over every signed-in account (common/attention.ts), for the window
 * title: asked once per account, then kept by unreads:changed.
 */
import { waitingFor } from '../../common/attention';
import type { BridgeClient } from '../lib/bridge';

export class AttentionState {
  #perAccount = $state<Record<string, number>>({});
  readonly total: number = $derived(Object.values(this.#perAccount).reduce((a, b) => a + b, 0));
  private readonly stop: () => void;

  constructor(private readonly bridge: BridgeClient) {
    this.stop = bridge.on('unreads:changed', ({ counts }) => {
      if (counts.accountId in this.#perAccount)
        this.#perAccount = { ...this.#perAccount, [counts.accountId]: waitingFor(counts) };
    });
  }

  /** Follows exactly these accounts: new ones are asked for their counts, gone ones dropped. */
  async follow(accountIds: readonly string[]): Promise<void> {
    const kept = Object.fromEntries(Object.entries(this.#perAccount).filter(([id]) => accountIds.includes(id)));
    const added = accountIds.filter((id) => !(id in kept));
    this.#perAccount = { ...kept, ...Object.fromEntries(added.map((id) => [id, 0])) };
    for (const accountId of added) {
      try {
        const counts = await this.bridge.call('unreads:get', { accountId });
        if (accountId in this.#perAccount) this.#perAccount = { ...this.#perAccount, [accountId]: waitingFor(counts) };
      } catch {
        // Counts come with the next unreads:changed; the title just waits for them.
      }
    }
  }

  dispose(): void {
    this.stop();
  }
}
