/** Channel subscription records (register's subscriptions, subscription/add events). */
import * as z from 'zod';
import { GroupSettingValue } from './common';

export const Subscription = z.looseObject({
  stream_id: z.number().int(),
  name: z.string(),
  color: z.string().default('#c2c2c2'),
  description: z.string().default(''),
  rendered_description: z.string().optional(),
  date_created: z.number().optional(),
  creator_id: z.number().int().nullable().optional(),
  invite_only: z.boolean().default(false),
  is_web_public: z.boolean().optional(),
  subscribers: z.array(z.number().int()).optional(),
  partial_subscribers: z.array(z.number().int()).optional(),
  subscriber_count: z.number().int().optional(),
  /** Old servers only send in_home_view (its inverse); see isSubscriptionMuted. */
  is_muted: z.boolean().optional(),
  in_home_view: z.boolean().optional(),
  pin_to_top: z.boolean().default(false),
  desktop_notifications: z.boolean().nullable().optional(),
  email_notifications: z.boolean().nullable().optional(),
  push_notifications: z.boolean().nullable().optional(),
  audible_notifications: z.boolean().nullable().optional(),
  wildcard_mentions_notify: z.boolean().nullable().optional(),
  message_retention_days: z.number().int().nullable().optional(),
  history_public_to_subscribers: z.boolean().optional(),
  first_message_id: z.number().int().nullable().optional(),
  folder_id: z.number().int().nullable().optional(),
  topics_policy: z.string().optional(),
  is_archived: z.boolean().optional(),
  is_recently_active: z.boolean().optional(),
  stream_weekly_traffic: z.number().nullable().optional(),
  can_add_subscribers_group: GroupSettingValue.optional(),
  can_remove_subscribers_group: GroupSettingValue.optional(),
  can_administer_channel_group: GroupSettingValue.optional(),
  can_send_message_group: GroupSettingValue.optional(),
});
export type Subscription = z.infer<typeof Subscription>;

/** is_muted when the server sends it, else the inverse of the legacy in_home_view. */
export function isSubscriptionMuted(s: Pick<Subscription, 'is_muted' | 'in_home_view'>): boolean {
  return s.is_muted ?? (s.in_home_view === undefined ? false : !s.in_home_view);
}

/** A channel the user can see but is not subscribed to (register's never_subscribed / unsubscribed). */
export const BasicChannel = z.looseObject({
  stream_id: z.number().int(),
  name: z.string(),
  description: z.string().default(''),
  invite_only: z.boolean().default(false),
});
export type BasicChannel = z.infer<typeof BasicChannel>;
