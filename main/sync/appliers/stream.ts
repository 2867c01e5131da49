/**
 * stream events: channels appear (created, or newly visible), change or go away. The channel
 * directory keeps every channel the user can see; a change to a subscribed one also changes
 * the sidebar.
 */
import type { StreamEvent } from '../../api/schemas/record-events';
import { toStoredChannel, subscriberListOf } from '../convert-records';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';

export function applyStream({ store, log }: ApplyContext, ev: StreamEvent): Delta[] {
  const changed: Delta = { kind: 'recordsChanged', areas: ['channels'] };
  switch (ev.op) {
    case 'create':
      for (const c of ev.streams) {
        store.channelDirectory.upsert(toStoredChannel(c));
        const list = subscriberListOf(c);
        if (list) store.subscribers.setList(c.stream_id, list.userIds, list.partial);
        // Zulip's create event carries no list, only a count (FL 394). A channel just created has
        // none yet: its list is known to be empty, and the peer_add events that follow fill it
        // (an unknown list would ignore them). A channel that only became visible keeps it unknown.
        else if (c.subscriber_count === 0) store.subscribers.setList(c.stream_id, []);
      }
      return [changed];
    case 'delete': {
      const ids = ev.stream_ids ?? ev.streams.map((s) => s.stream_id);
      let wasSubscribed = false;
      for (const id of ids) {
        wasSubscribed ||= store.channels.isSubscribed(id);
        store.channelDirectory.remove(id);
        store.subscribers.forgetChannel(id);
        store.versions.touchStructure([], 'whole');
        store.ranges.forgetChannel(id);
      }
      return wasSubscribed ? [changed, { kind: 'sidebarChanged' }] : [changed];
    }
    case 'update': {
      // invite_only changes come with the two settings that change alongside it.
      const also: Record<string, unknown> = {};
      if (ev.history_public_to_subscribers !== undefined)
        also['history_public_to_subscribers'] = ev.history_public_to_subscribers;
      if (ev.is_web_public !== undefined) also['is_web_public'] = ev.is_web_public;
      if (!store.channelDirectory.updateProperty(ev.stream_id, ev.property, ev.value, also)) {
        log.debug('stream update for a channel we do not know', { stream_id: ev.stream_id, property: ev.property });
        return [];
      }
      if (ev.property === 'description' && ev.rendered_description !== undefined) {
        store.channelDirectory.updateProperty(ev.stream_id, 'rendered_description', ev.rendered_description);
      }
      return store.channels.isSubscribed(ev.stream_id) ? [changed, { kind: 'sidebarChanged' }] : [changed];
    }
  }
}
