/** The choices of the channel creation form, named as a Zulip user knows them. */
import type { ChannelPermissionName } from '../../../common/ipc/records-contract';

export type Access = 'public' | 'web-public' | 'private-shared' | 'private-protected';
export type TopicsPolicy = 'inherit' | 'allow_empty_topic' | 'disable_empty_topic' | 'empty_topic_only';
export type Retention = 'realm_default' | 'unlimited' | 'days';

export const ACCESS: ReadonlyArray<{
  value: Access;
  label: string;
  inviteOnly: boolean;
  webPublic: boolean;
  /** Whether new subscribers see older messages. */
  history: boolean;
}> = [
  { value: 'public', label: 'Public: members can join and read', inviteOnly: false, webPublic: false, history: true },
  {
    value: 'web-public',
    label: 'Web-public: anyone on the internet can read',
    inviteOnly: false,
    webPublic: true,
    history: true,
  },
  {
    value: 'private-shared',
    label: 'Private, shared history: new subscribers see older messages',
    inviteOnly: true,
    webPublic: false,
    history: true,
  },
  {
    value: 'private-protected',
    label: 'Private, protected history: new subscribers see only what comes after',
    inviteOnly: true,
    webPublic: false,
    history: false,
  },
];

export const TOPICS: ReadonlyArray<{ value: TopicsPolicy; label: string }> = [
  { value: 'inherit', label: 'As the organization does' },
  { value: 'allow_empty_topic', label: 'Topics optional (“general chat” allowed)' },
  { value: 'disable_empty_topic', label: 'Every message needs a topic' },
  { value: 'empty_topic_only', label: 'No topics: only “general chat”' },
];

export const PERMISSIONS: ReadonlyArray<{ name: ChannelPermissionName; label: string }> = [
  { name: 'can_send_message_group', label: 'Who can post' },
  { name: 'can_administer_channel_group', label: 'Who can administer the channel' },
  { name: 'can_subscribe_group', label: 'Who can subscribe themselves' },
  { name: 'can_add_subscribers_group', label: 'Who can add subscribers' },
  { name: 'can_remove_subscribers_group', label: 'Who can remove subscribers' },
  { name: 'can_move_messages_within_channel_group', label: 'Who can move messages within the channel' },
  { name: 'can_move_messages_out_of_channel_group', label: 'Who can move messages out of the channel' },
  { name: 'can_resolve_topics_group', label: 'Who can resolve topics' },
  { name: 'can_delete_own_message_group', label: 'Who can delete their own messages' },
  { name: 'can_delete_any_message_group', label: 'Who can delete any message' },
];
