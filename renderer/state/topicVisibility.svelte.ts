/**
 * Topic visibility policies (muted, unmuted, followed) of every channel, and the topic menu
 * built from them. The list follows records:changed through RecordList.
 */
import type { TopicVisibility, TopicVisibilityView } from '../../common/model';
import type { BridgeClient } from '../lib/bridge';
import { errorText } from '../lib/errors';
import { sameTopic } from '../lib/narrow';
import type { MenuItem } from '../components/actions/menu';
import { RecordList } from './recordList.svelte';

export class TopicVisibilityState {
  readonly list: RecordList<TopicVisibilityView>;
  /** The last change that failed, for the sidebar to show. */
  error = $state<string | null>(null);

  constructor(
    private readonly bridge: BridgeClient,
    private readonly accountId: string,
    /** Servers below FL 170 only mute and unmute. */
    private readonly canFollow: boolean,
  ) {
    this.list = new RecordList(bridge, accountId, ['topicVisibility'], (cursor, limit) =>
      bridge.call('topics:listVisibility', { accountId, cursor, limit }),
    );
  }

  of(channelId: number, topic: string): TopicVisibility {
    return this.list.items.find((v) => v.channelId === channelId && sameTopic(v.topic, topic))?.visibility ?? 'none';
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
    try {
      await this.bridge.call('topics:setVisibility', { accountId: this.accountId, channelId, topic, visibility });
      await this.list.load();
    } catch (error) {
      this.error = errorText(error);
    }
  }

  dispose(): void {
    this.list.dispose();
  }
}
