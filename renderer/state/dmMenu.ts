/**
 * The menu of a DM conversation's row in the Inbox and Recent conversations: what Zulip offers
 * there — mark the conversation read (when something is unread) and copy its link.
 */
import type { MenuItem } from '../components/actions/menu';

/** Zulip's web link to a DM conversation with these other people (`#narrow/dm/<ids>-dm`). */
export function dmLink(realmUrl: string, userIds: readonly number[]): string {
  return `${realmUrl.replace(/\/+$/, '')}/#narrow/dm/${userIds.join(',')}-dm`;
}

export function dmItems(
  userIds: number[],
  unread: number,
  realmUrl: string,
  act: { markRead: () => void; copy: (link: string) => void },
): MenuItem[] {
  const items: MenuItem[] = [];
  if (unread > 0) items.push({ label: 'Mark as read', run: act.markRead });
  // The self-DM's link would need the user's own ID, which this row does not carry.
  if (userIds.length > 0)
    items.push({ label: 'Copy link to conversation', run: () => act.copy(dmLink(realmUrl, userIds)) });
  return items;
}
