/**
 * The sidebar of one account: channels (with colors, topics and unread counts), DM
 * conversations and users. Main sends the whole sidebar once (sidebar:changed, or sidebar:get),
 * then only the rows that changed (sidebar:delta), which this state merges in.
 */
import type { ChannelSummary, DmSummary, Sidebar, UserSummary } from '../../common/model';
import type { BridgeClient } from '../lib/bridge';
import { errorText } from '../lib/errors';
import { applySidebarDelta, type SidebarDelta } from '../../common/sidebar-delta';
import { indexUsers, sortChannels } from './sidebarOrder';

const NONE: readonly never[] = [];

interface SinceLoad {
  whole: boolean;
  deltas: SidebarDelta[];
}

export class SidebarState {
  sidebar = $state.raw<Sidebar | null>(null);
  loading = $state(false);
  error = $state<string | null>(null);

  // The sidebar's parts apart: a delta keeps the lists it does not touch (applySidebarDelta), and
  // these then keep their value, so what is built from one list is not built again for a change
  // to another (a new channel message used to re-sort the DMs, re-index every user and re-rank the
  // people list, each O(users or DMs), for each of its two deltas).
  readonly #channelList: readonly ChannelSummary[] = $derived(this.sidebar?.channels ?? NONE);
  readonly #dmList: readonly DmSummary[] = $derived(this.sidebar?.dms ?? NONE);
  readonly #userList: readonly UserSummary[] = $derived(this.sidebar?.users ?? NONE);

  /** Pinned channels first, then by name; muted ones sink to the end of their group. */
  readonly channels: ChannelSummary[] = $derived.by(
    () => (this.#sorted = sortChannels(this.#channelList, this.#sorted)),
  );
  /** Most recent conversation first. */
  readonly dms: DmSummary[] = $derived([...this.#dmList].sort((a, b) => b.maxMessageId - a.maxMessageId));
  readonly usersById: ReadonlyMap<number, UserSummary> = $derived(indexUsers(this.#userList));
  /**
   * Everyone, as the last whole sidebar or users delta brought them. Read this, not
   * `sidebar.users`: a computation reading through `sidebar` depends on every delta (a new
   * message's too) and ran again for each, O(users) at a time, where this one only sees a change
   * of the list itself.
   */
  get users(): readonly UserSummary[] {
    return this.#userList;
  }
  /** The last sort, whose order the next one keeps when no channel's place can have changed. */
  #sorted: readonly ChannelSummary[] = [];

  private readonly stops: Array<() => void>;
  /** While sidebar:get is in flight: the deltas since it was asked, or that a whole sidebar came. */
  #sinceLoad: SinceLoad | null = null;

  constructor(
    private readonly bridge: BridgeClient,
    readonly accountId: string,
  ) {
    this.stops = [
      bridge.on('sidebar:changed', ({ sidebar }) => {
        if (sidebar.accountId !== this.accountId) return;
        this.sidebar = sidebar;
        // Whole and later than anything a load in flight will bring: that answer is not needed.
        if (this.#sinceLoad) this.#sinceLoad = Object.assign(this.#sinceLoad, { whole: true, deltas: [] });
      }),
      bridge.on('sidebar:delta', ({ delta }) => {
        if (delta.accountId !== this.accountId) return;
        if (this.sidebar) this.sidebar = applySidebarDelta(this.sidebar, delta);
        // The answer of a load in flight may have been built before this delta (a transport may
        // deliver the two in either order): merged again on top of it, nothing is lost.
        if (this.#sinceLoad && !this.#sinceLoad.whole) this.#sinceLoad.deltas.push(delta);
      }),
      bridge.onReconnect(() => void this.load()),
    ];
  }

  async load(): Promise<void> {
    this.loading = true;
    const since: SinceLoad = { whole: false, deltas: [] };
    this.#sinceLoad = since;
    try {
      const answer = await this.bridge.call('sidebar:get', { accountId: this.accountId });
      // A newer load owns the result; a whole sidebar that came meanwhile is newer than the answer.
      if (this.#sinceLoad === since && !since.whole)
        this.sidebar = since.deltas.reduce((s, d) => applySidebarDelta(s, d), answer);
      this.error = null;
    } catch (error) {
      this.error = errorText(error);
    } finally {
      this.loading = false;
    }
    if (this.#sinceLoad === since) this.#sinceLoad = null;
  }

  channel(channelId: number): ChannelSummary | undefined {
    return this.sidebar?.channels.find((c) => c.id === channelId);
  }

  dispose(): void {
    for (const stop of this.stops) stop();
  }
}
