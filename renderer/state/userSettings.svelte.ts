/**
 * The user's own Zulip settings (user_settings), as main caches them: fetched at start and again
 * when main says they changed (here or on another device), and changed one at a time. The display
 * ones (theme, clock) are applied to the whole window as they arrive.
 */
import type { BridgeClient } from '../lib/bridge';
import { applyDisplaySettings } from '../lib/displayPrefs.svelte';
import { errorText } from '../lib/errors';

export class UserSettingsState {
  values = $state.raw<Record<string, unknown>>({});
  loaded = $state(false);
  error = $state<string | null>(null);
  private readonly stops: Array<() => void>;

  constructor(
    private readonly bridge: BridgeClient,
    private readonly accountId: string,
  ) {
    this.stops = [
      bridge.on('records:changed', (p) => {
        if (p.accountId === accountId && p.areas.includes('settings')) void this.load();
      }),
      bridge.onReconnect(() => void this.load()),
    ];
  }

  async load(): Promise<void> {
    try {
      this.values = await this.bridge.call('settings:get', { accountId: this.accountId });
      this.loaded = true;
      this.error = null;
      applyDisplaySettings(this.values);
    } catch (e) {
      this.error = errorText(e);
    }
  }

  /** Changes one setting on the server; shown at once, put back if the server refuses. */
  async set(name: string, value: string | number | boolean): Promise<void> {
    const before = this.values;
    this.values = { ...before, [name]: value };
    applyDisplaySettings(this.values);
    try {
      await this.bridge.call('settings:update', { accountId: this.accountId, changes: { [name]: value } });
      this.error = null;
    } catch (e) {
      this.values = before;
      applyDisplaySettings(before);
      this.error = errorText(e);
      throw e;
    }
  }

  dispose(): void {
    for (const stop of this.stops) stop();
  }
}
