/**
 * subscription events. Leaving a channel stops its message events, so what the cache proved
 * about that channel's narrows up to "newest" is dropped. Subscriber lists are not kept yet,
 * so peer_add/peer_remove change nothing.
 */
import type { SubscriptionEvent } from '../../api';
import { toSubscribedChannel } from '../convert';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';

export function applySubscription({ store, log }: ApplyContext, ev: SubscriptionEvent): Delta[] {
  switch (ev.op) {
    case 'add':
      for (const s of ev.subscriptions) store.channels.upsertSubscribed(toSubscribedChannel(s));
      return [{ kind: 'sidebarChanged' }];
    case 'remove':
      for (const s of ev.subscriptions) {
        store.channels.unsubscribe(s.stream_id);
        store.ranges.forgetChannel(s.stream_id);
      }
      return [{ kind: 'sidebarChanged' }];
    case 'update':
      if (!store.channels.updateProperty(ev.stream_id, ev.property, ev.value)) {
        log.debug('subscription update for a channel we are not subscribed to', { stream_id: ev.stream_id });
        return [];
      }
      return [{ kind: 'sidebarChanged' }];
    case 'peer_add':
    case 'peer_remove':
      return [];
  }
}
