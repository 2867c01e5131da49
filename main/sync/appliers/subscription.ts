/**
 * subscription events: the user's own subscriptions (add, remove, personal property updates,
 * both is_muted and its legacy inverse in_home_view) and other users joining or leaving
 * channels (peer_add / peer_remove), which keep subscriber lists and counts exact. Leaving a
 * channel stops its message events, so what the cache proved about its narrows up to
 * "newest" is dropped.
 */
import type { SubscriptionEvent } from '../../api';
import type { AccountStore } from '../../store/account-store';
import { toSubscribedChannel } from '../convert';
import { subscriberListOf } from '../convert-records';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';

const CHANGED: Delta[] = [{ kind: 'sidebarChanged' }, { kind: 'recordsChanged', areas: ['channels'] }];

/**
 * Keeps the server's subscriber_count (FL 394) right where we have no whole list to count: the
 * server sends peer events only for real changes, so the count moves by their size.
 */
function adjustCount(store: AccountStore, channelId: number, by: number): void {
  const channel = store.channelDirectory.get(channelId);
  if (!channel) return;
  const count = store.subscribers.isComplete(channelId)
    ? store.subscribers.count(channelId)
    : typeof channel.extra['subscriber_count'] === 'number'
      ? Math.max(0, channel.extra['subscriber_count'] + by)
      : null;
  if (count !== null) store.channelDirectory.updateProperty(channelId, 'subscriber_count', count);
}

const idsOf = (subs: readonly { stream_id: number }[]): number[] => subs.map((s) => s.stream_id);

function applyPeers(store: AccountStore, ev: SubscriptionEvent & { op: 'peer_add' | 'peer_remove' }): Delta[] {
  for (const channelId of ev.stream_ids) {
    if (ev.op === 'peer_add') store.subscribers.add([channelId], ev.user_ids);
    else store.subscribers.remove([channelId], ev.user_ids);
    adjustCount(store, channelId, ev.op === 'peer_add' ? ev.user_ids.length : -ev.user_ids.length);
  }
  return [{ kind: 'recordsChanged', areas: ['subscribers', 'channels'], subscriberChannels: ev.stream_ids }];
}

export function applySubscription({ store, log, selfUserId }: ApplyContext, ev: SubscriptionEvent): Delta[] {
  switch (ev.op) {
    case 'add':
      // Events of the channel flow only from now: a page asked for before may not stay open to the newest.
      store.versions.touchStructure([], 'whole');
      for (const s of ev.subscriptions) {
        store.channels.upsertSubscribed(toSubscribedChannel(s));
        const list = subscriberListOf(s);
        if (list) store.subscribers.setList(s.stream_id, list.userIds, list.partial);
        else store.subscribers.add([s.stream_id], [selfUserId]);
      }
      return [
        ...CHANGED,
        { kind: 'recordsChanged', areas: ['subscribers'], subscriberChannels: idsOf(ev.subscriptions) },
      ];
    case 'remove':
      for (const s of ev.subscriptions) {
        store.channels.unsubscribe(s.stream_id);
        store.versions.touchStructure([], 'whole');
        store.ranges.forgetChannel(s.stream_id);
        store.subscribers.remove([s.stream_id], [selfUserId]);
      }
      return [
        ...CHANGED,
        { kind: 'recordsChanged', areas: ['subscribers'], subscriberChannels: idsOf(ev.subscriptions) },
      ];
    case 'update':
      if (!store.channels.updateProperty(ev.stream_id, ev.property, ev.value)) {
        log.debug('subscription update for a channel we are not subscribed to', { stream_id: ev.stream_id });
        return [];
      }
      return [...CHANGED];
    case 'peer_add':
    case 'peer_remove':
      return applyPeers(store, ev);
  }
}
