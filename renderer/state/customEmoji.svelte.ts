/**
 * One account's custom emoji (emoji:custom), for reaction chips, the picker and autocomplete:
 * loaded once Home is up and again whenever main says they changed (records:changed 'emoji').
 */
import type { CustomEmoji } from '../../common/emoji-names';
import type { BridgeClient } from '../lib/bridge';

export class CustomEmojiState {
  list = $state.raw<CustomEmoji[]>([]);
  private loading: Promise<CustomEmoji[]> | null = null;
  private readonly stop: () => void;

  constructor(
    private readonly bridge: BridgeClient,
    private readonly accountId: string,
  ) {
    this.stop = bridge.on('records:changed', (p) => {
      if (p.accountId === accountId && p.areas.includes('emoji')) void this.load(true);
    });
  }

  dispose(): void {
    this.stop();
  }

  /** The list, fetched the first time (or again when `fresh`); the last one on failure. */
  load(fresh = false): Promise<CustomEmoji[]> {
    if (fresh || !this.loading) {
      this.loading = this.bridge.call('emoji:custom', { accountId: this.accountId }).then(
        (list) => (this.list = list),
        () => this.list,
      );
    }
    return this.loading;
  }

  /** The image of a custom emoji by ID (reactions name it so), deactivated ones too. */
  imageOf(id: string): string | null {
    // An organization has tens of them, not thousands: a scan is fine, and it follows `list`.
    return this.list.find((e) => e.id === id)?.imageUrl ?? null;
  }
}
