import type { ChannelRow, SubscriptionRow, UserRow } from './store/rows';
import { ROLE } from './store/rows';

/**
 * Who may see and use a channel, following Zulip's rules in simplified form: guests only reach
 * channels they are subscribed to; everyone else reaches every public channel; private channels
 * need a subscription, though administrators may see their metadata.
 */
export function isActiveSub(sub: SubscriptionRow | undefined): boolean {
  return sub?.active === 1;
}

function openToUser(user: UserRow, channel: ChannelRow): boolean {
  return channel.invite_only === 0 && user.role !== ROLE.guest;
}

/** Whether the channel appears to the user at all (register, narrows by name). */
export function canSeeChannel(user: UserRow, channel: ChannelRow, sub: SubscriptionRow | undefined): boolean {
  return openToUser(user, channel) || isActiveSub(sub) || user.role <= ROLE.admin || channel.is_web_public === 1;
}

/** Whether the user may read the channel's whole history, not just messages they received. */
export function canReadHistory(user: UserRow, channel: ChannelRow, sub: SubscriptionRow | undefined): boolean {
  return openToUser(user, channel) || (isActiveSub(sub) && channel.history_public_to_subscribers === 1);
}

export function canPostTo(user: UserRow, channel: ChannelRow, sub: SubscriptionRow | undefined): boolean {
  return channel.is_archived === 0 && (openToUser(user, channel) || isActiveSub(sub));
}

export function canSeeSubscribers(user: UserRow, channel: ChannelRow, sub: SubscriptionRow | undefined): boolean {
  return openToUser(user, channel) || isActiveSub(sub) || user.role <= ROLE.admin;
}
