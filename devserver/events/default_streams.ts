import type { App } from '../app';
import { ROLE } from '../store/rows';
import { activeUsers } from './audience';

/**
 * default_streams: the whole list of default channel IDs (objects before feature level 330), after
 * it changed, to every non-guest.
 */
export function publishDefaultStreams(app: App): void {
  const defaults = app.store.channels
    .all()
    .filter((channel) => channel.is_default === 1 && channel.is_archived === 0)
    .map((channel) => channel.id);
  const audience = activeUsers(app)
    .filter((user) => user.role !== ROLE.guest)
    .map((user) => user.id);
  app.queues.publish(audience, 'default_streams', () => ({ type: 'default_streams', default_streams: defaults }));
}
