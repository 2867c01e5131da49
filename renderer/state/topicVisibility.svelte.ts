/**
 * Topic visibility policies (muted, unmuted, followed) of every channel, and the topic menu
 * built from them. The list follows records:changed through RecordList.
 */
import type { TopicVisibility, TopicVisibilityView } from '../../common/model';
import type { BridgeClient } from '../lib/bridge';
import { errorText } from '../lib/errors';
import type { MenuItem } from '../components/actions/menu';
import { SvelteMap } from 'svelte/reactivity';
import { RecordList } from './recordList.svelte';

const SETTLE_MS = 10_000;
const NONE_SETTLE_MS = 3_000;
const pendingKey = (channelId: number, topic: string) => `${channelId}\u0000${topic.toLowerCase()}`;

export class TopicVisibilityState {
  readonly list: RecordList<TopicVisibilityView>;
  /** The last change that failed, for the sidebar to show. */
  error = $state<string | null>(null);
  /**
   * Changes asked for and not yet in the list: what the user set is what the menu and Shift+M
   * read at once, so a second press right after the first undoes it instead of repeating it.
   * The server's user_topic event brings the change into the list, a moment after the answer;
   * an entry goes once the list has it (or after SETTLE_MS, should the event never come).
   */
  readonly #pending = new SvelteMap<string, TopicVisibility>();
  readonly #stopSettling: () => void;

  constructor(
    private readonly bridge: BridgeClient,
    private readonly accountId: string,
    /** Servers below FL 170 only mute and unmute. */
    private readonly canFollow: boolean,
  ) {
    this.list = new RecordList(bridge, accountId, ['topicVisibility'], (cursor, limit) =>
      bridge.call('topics:listVisibility', { accountId, cursor, limit }),
    );
    this.#stopSettling = $effect.root(() => {
      $effect(() => {
        for (const v of this.list.items) {
          const key = pendingKey(v.channelId, v.topic);
          if (this.#pending.get(key) === v.visibility) this.#pending.delete(key);
        }
      });
    });
  }

  /**
   * Every policy by channel and topic (case aside), the changes asked for over the list's: one
   * lookup per topic where a scan of the list per topic cost the Inbox thousands of scans per
   * update, and one object that is new whenever any policy changes, which what is built from the
   * policies (lib/conversations.ts) may be kept by.
   */
  readonly lookup = $derived.by(() => {
    // Built whole on each change and never written after: a plain Map, not a reactive one.
    // eslint-disable-next-line svelte/prefer-svelte-reactivity
    const map = new Map<string, TopicVisibility>();
    for (const v of this.list.items) {
      const key = pendingKey(v.channelId, v.topic);
      if (!map.has(key)) map.set(key, v.visibility);
    }
    for (const [key, visibility] of this.#pending) map.set(key, visibility);
    return map;
  });

  of(channelId: number, topic: string): TopicVisibility {
    return this.lookup.get(pendingKey(channelId, topic)) ?? 'none';
  }

  menu(channelId: number, topic: string, channelMuted: boolean): MenuItem[] {
    const now = this.of(channelId, topic);
    const item = (label: string, visibility: TopicVisibility): MenuItem => ({
      label,
      run: () => void this.set(channelId, topic, visibility),
    });
    const items: MenuItem[] = [];
    if (now === 'muted') items.push(item('Unmute topic', 'none'));
    else if (channelMuted && now !== 'unmuted' && this.canFollow) items.push(item('Unmute topic', 'unmuted'));
    else items.push(item('Mute topic', 'muted'));
    if (this.canFollow) {
      items.push(now === 'followed' ? item('Unfollow topic', 'none') : item('Follow topic', 'followed'));
    }
    return items;
  }

  async set(channelId: number, topic: string, visibility: TopicVisibility): Promise<void> {
    this.error = null;
    const key = pendingKey(channelId, topic);
    this.#pending.set(key, visibility);
    try {
      await this.bridge.call('topics:setVisibility', { accountId: this.accountId, channelId, topic, visibility });
      // 'none' is no row in the list: nothing there will say it has arrived.
      setTimeout(() => this.#forget(key, visibility), visibility === 'none' ? NONE_SETTLE_MS : SETTLE_MS);
      await this.list.load();
    } catch (error) {
      this.error = errorText(error);
      this.#forget(key, visibility);
    }
  }

  /** A later change to the same topic owns the entry until its own answer. */
  #forget(key: string, visibility: TopicVisibility): void {
    if (this.#pending.get(key) === visibility) this.#pending.delete(key);
  }

  dispose(): void {
    this.#stopSettling();
    this.list.dispose();
  }
}
