import { channelForUser } from '../channels/access';
import { publishSubscriptionUpdate } from '../events/channel_events';
import { badRequest, missingParam } from '../http/errors';
import type { ApiRoute } from '../http/route';
import type { SubscriptionColumn } from '../store/channels';

/** Zulip's check_color: a six-digit hex color, kept as given. */
export function checkColor(value: string): string {
  if (!/^#[0-9a-fA-F]{6}$/.test(value)) throw badRequest('color is not a valid hex color code');
  return value;
}

const BOOLEAN_PROPERTIES = new Set([
  'in_home_view',
  'is_muted',
  'pin_to_top',
  'desktop_notifications',
  'audible_notifications',
  'push_notifications',
  'email_notifications',
  'wildcard_mentions_notify',
]);

interface Change {
  channelId: number;
  property: string;
  value: boolean | string;
}

function readChange(item: unknown, index: number): Change {
  const entry = item as Record<string, unknown> | null;
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    throw badRequest(`subscription_data[${index}] is not a dict`);
  }
  const { stream_id: channelId, property, value } = entry;
  if (typeof channelId !== 'number' || !Number.isSafeInteger(channelId)) {
    throw badRequest(`subscription_data[${index}]["stream_id"] is not an integer`);
  }
  if (typeof property !== 'string') throw badRequest(`subscription_data[${index}]["property"] is not a string`);
  if (property === 'color') {
    if (typeof value !== 'string') throw badRequest('color is not a valid hex color code');
    return { channelId, property, value: checkColor(value) };
  }
  if (!BOOLEAN_PROPERTIES.has(property)) throw badRequest(`Unknown subscription property: ${property}`);
  if (typeof value !== 'boolean') throw badRequest(`${property} is not a boolean`);
  return { channelId, property, value };
}

export const subscriptionPropertyRoutes: ApiRoute[] = [
  {
    /**
     * POST /users/me/subscriptions/properties: changes personal settings of the caller's
     * subscriptions (color, is_muted or its inverse in_home_view, pin_to_top, the notification
     * settings). Every change is checked before any is applied. Each sends a subscription update
     * event; is_muted and in_home_view send two, one per name, with inverse values.
     */
    method: 'POST',
    path: '/users/me/subscriptions/properties',
    auth: 'user',
    handler: ({ app, user, params }) => {
      const raw = params.json('subscription_data');
      if (raw === undefined) throw missingParam('subscription_data');
      if (!Array.isArray(raw)) throw badRequest('subscription_data is not a list');
      const changes = raw.map(readChange);
      for (const change of changes) {
        const channel = channelForUser(app, user, change.channelId);
        if (!app.store.channels.isSubscribed(user.id, channel.id)) {
          throw badRequest(`Not subscribed to channel ID ${channel.id}`);
        }
      }
      app.store.transaction(() => {
        for (const { channelId, property, value } of changes) {
          const [column, stored] =
            property === 'in_home_view' ? ['is_muted', !value] : [property as SubscriptionColumn, value];
          const dbValue = typeof stored === 'boolean' ? (stored ? 1 : 0) : stored;
          app.store.channels.setSubscriptionProperty(user.id, channelId, column as SubscriptionColumn, dbValue);
        }
      });
      for (const { channelId, property, value } of changes) {
        if (property === 'is_muted' || property === 'in_home_view') {
          const muted = property === 'is_muted' ? value : !value;
          publishSubscriptionUpdate(app, user.id, channelId, 'in_home_view', !muted);
          publishSubscriptionUpdate(app, user.id, channelId, 'is_muted', muted);
        } else {
          publishSubscriptionUpdate(app, user.id, channelId, property, value);
        }
      }
      return {};
    },
  },
];
