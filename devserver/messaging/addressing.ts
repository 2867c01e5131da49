import { canPostTo } from '../access';
import { badRequest, channelIdNotFound, channelNameNotFound } from '../http/errors';
import type { ChannelRow, RealmRow, UserRow } from '../store/rows';
import type { Store } from '../store/store';
import { apiEmail } from '../views/users';

/**
 * Reads POST /messages' `to`: JSON when it parses (an integer channel ID, a name, or a list),
 * else the raw text (a channel name, or comma-separated emails for direct messages).
 */
function parseTo(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** The channel a message goes to; posting rights are checked here too. */
export function resolveChannel(store: Store, sender: UserRow, rawTo: string): ChannelRow {
  let to = parseTo(rawTo);
  // Legacy clients send a one-element list for a channel.
  if (Array.isArray(to) && to.length === 1) to = to[0];
  let channel: ChannelRow | undefined;
  if (typeof to === 'number' && Number.isInteger(to)) {
    channel = store.channels.byId(to);
    if (!channel || !canSee(store, sender, channel)) throw channelIdNotFound(to);
  } else if (typeof to === 'string') {
    channel = store.channels.byName(to.trim());
    if (!channel || !canSee(store, sender, channel)) throw channelNameNotFound(to.trim());
  } else {
    throw badRequest('Invalid channel: to must be a channel name or ID');
  }
  if (!canPostTo(sender, channel, store.channels.subscription(sender.id, channel.id))) {
    throw badRequest(`Not authorized to send to channel '${channel.name}'`);
  }
  return channel;
}

/** A private channel the sender is not in answers like a missing one, so it does not leak. */
function canSee(store: Store, sender: UserRow, channel: ChannelRow): boolean {
  return channel.invite_only === 0 || store.channels.isSubscribed(sender.id, channel.id) || sender.role <= 200;
}

/** The other participants of a direct message, from user IDs or (API or real) emails. */
export function resolveDirectRecipients(store: Store, realm: RealmRow, rawTo: string): number[] {
  const to = parseTo(rawTo);
  const items: unknown[] = Array.isArray(to)
    ? to
    : typeof to === 'string'
      ? to
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [to];
  if (items.length === 0) throw badRequest('Message must have recipients');
  const users = store.users.all();
  return items.map((item) => {
    let user: UserRow | undefined;
    if (typeof item === 'number') {
      user = users.find((candidate) => candidate.id === item);
      if (!user) throw badRequest(`Invalid user ID ${item}`);
    } else if (typeof item === 'string') {
      const email = item.toLowerCase();
      user = users.find((c) => apiEmail(c, realm).toLowerCase() === email || c.delivery_email.toLowerCase() === email);
      if (!user) throw badRequest(`Invalid email '${item}'`);
    } else {
      throw badRequest('Invalid recipient: to must list user IDs or emails');
    }
    if (user.is_active !== 1) throw badRequest(`'${apiEmail(user, realm)}' is no longer using Zulip.`);
    return user.id;
  });
}
