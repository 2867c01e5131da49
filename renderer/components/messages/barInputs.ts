/**
 * What the recipient bars read from the sidebar, kept as the same object while it holds the same
 * values. The sidebar is a new object on every delta (an unread count moved), and each mounted bar
 * that read it worked its colour, channel name and DM label out again, twice per incoming message,
 * with no change to show (issue 28). A bar depends on these instead: Svelte re-runs what reads them
 * only when they are a new object.
 */
import type { ConversationNames, Sidebar } from '../../../common/model';

export type ChannelColors = ReadonlyMap<number, string>;

/** The channels' colours by id: `previous` when none was added, dropped or recoloured. */
export function channelColors(sidebar: Sidebar | null, previous: ChannelColors | null): ChannelColors | null {
  if (!sidebar) return null;
  const channels = sidebar.channels;
  if (previous && previous.size === channels.length && channels.every((c) => previous.get(c.id) === c.color))
    return previous;
  return new Map(channels.map((c) => [c.id, c.color]));
}

/** The names a bar shows: `previous` while every channel name, the users and the empty topic's name are the same. */
export function steadyNames(
  next: ConversationNames | null,
  previous: ConversationNames | null,
): ConversationNames | null {
  if (!next) return null;
  if (
    previous &&
    previous.users === next.users &&
    previous.emptyTopicDisplayName === next.emptyTopicDisplayName &&
    previous.channels.length === next.channels.length &&
    next.channels.every((c, i) => previous.channels[i]!.id === c.id && previous.channels[i]!.name === c.name)
  )
    return previous;
  // Only the names: holding the whole sidebar here would keep its topics and counts alive too.
  return {
    channels: next.channels.map(({ id, name }) => ({ id, name })),
    users: next.users,
    emptyTopicDisplayName: next.emptyTopicDisplayName,
  };
}
