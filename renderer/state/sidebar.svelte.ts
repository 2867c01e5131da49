/**
 * The sidebar of one account: channels (with colors, topics and unread counts), DM
 * conversations and users. Main sends the whole sidebar once (sidebar:changed, or sidebar:get),
 * then only the rows that changed (sidebar:delta), which this state merges in.
 */
import type { ChannelSummary, DmSummary, Sidebar, UserSummary } from '../../common/model';
import type { BridgeClient } from '../lib/bridge';
import { errorText } from '../lib/errors';
import { applySidebarDelta } from '../../common/sidebar-delta';
import { indexUsers, sortChannels } from './sidebarOrder';

export class SidebarState {
  sidebar = $state.raw<Sidebar | null>(null);
  loading = $state(false);
  error = $state<string | null>(null);

  /** Pinned channels first, then by name; muted ones sink to the end of their group. */
  readonly channels: ChannelSummary[] = $derived(sortChannels(this.sidebar?.channels ?? []));
  /** Most recent conversation first. */
  readonly dms: DmSummary[] = $derived([...(this.sidebar?.dms ?? [])].sort((a, b) => b.maxMessageId - a.maxMessageId));
  readonly usersById: ReadonlyMap<number, UserSummary> = $derived(indexUsers(this.sidebar?.users ?? []));

  private readonly stops: Array<() => void>;

  constructor(
    private readonly bridge: BridgeClient,
    readonly accountId: string,
  ) {
    this.stops = [
      bridge.on('sidebar:changed', ({ sidebar }) => {
        if (sidebar.accountId === this.accountId) this.sidebar = sidebar;
      }),
      bridge.on('sidebar:delta', ({ delta }) => {
        // Before the first whole sidebar there is nothing to merge into; sidebar:get's answer,
        // built after this delta, already holds it.
        if (delta.accountId === this.accountId && this.sidebar) this.sidebar = applySidebarDelta(this.sidebar, delta);
      }),
      bridge.onReconnect(() => void this.load()),
    ];
  }

  async load(): Promise<void> {
    this.loading = true;
    try {
      this.sidebar = await this.bridge.call('sidebar:get', { accountId: this.accountId });
      this.error = null;
    } catch (error) {
      this.error = errorText(error);
    } finally {
      this.loading = false;
    }
  }

  channel(channelId: number): ChannelSummary | undefined {
    return this.sidebar?.channels.find((c) => c.id === channelId);
  }

  dispose(): void {
    for (const stop of this.stops) stop();
  }
}
