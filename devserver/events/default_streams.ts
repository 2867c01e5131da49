import type { App } from '../app';
import { ROLE } from '../store/rows';
import { formatChannel } from '../views/channels';
import { activeUsers } from './audience';
import { channelViewContext } from './channel_events';

/** default_streams: the whole list of default channels, after it changed, to every non-guest. */
export function publishDefaultStreams(app: App): void {
  const ctx = channelViewContext(app);
  const defaults = app.store.channels
    .all()
    .filter((channel) => channel.is_default === 1 && channel.is_archived === 0)
    .map((channel) => formatChannel(channel, ctx));
  const audience = activeUsers(app)
    .filter((user) => user.role !== ROLE.guest)
    .map((user) => user.id);
  app.queues.publish(audience, 'default_streams', () => ({ type: 'default_streams', default_streams: defaults }));
}
