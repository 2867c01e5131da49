/** Pure ordering and indexing of sidebar data (kept out of the rune module: plain values, no state). */
import type { ChannelFolderView, ChannelSummary, UserSummary } from '../../common/model';

/** Pinned channels first, then unmuted before muted, then by name without regard to case. */
export function sortChannels(channels: readonly ChannelSummary[]): ChannelSummary[] {
  const rank = (c: ChannelSummary): number => (c.pinToTop ? 0 : 2) + (c.isMuted ? 1 : 0);
  return [...channels].sort(
    (a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
  );
}

export function indexUsers(users: readonly UserSummary[]): ReadonlyMap<number, UserSummary> {
  return new Map(users.map((u) => [u.id, u]));
}

export interface ChannelGroup {
  key: string;
  /** Null when the channels are not filed in folders at all: one plain list. */
  label: string | null;
  channels: ChannelSummary[];
}

/**
 * Channels as Zulip's sidebar groups them once the organization files channels in folders:
 * pinned channels first, then each folder (in the server's order) holding channels, then the
 * rest under "Other channels". The order inside each group is kept.
 */
export function groupChannels(
  sorted: readonly ChannelSummary[],
  folders: readonly ChannelFolderView[],
): ChannelGroup[] {
  const names = new Map(folders.map((f) => [f.id, f.name]));
  const filed = (c: ChannelSummary): boolean => c.folderId != null && names.has(c.folderId);
  if (!sorted.some(filed)) return [{ key: 'all', label: null, channels: [...sorted] }];
  const groups: ChannelGroup[] = [];
  const pinned = sorted.filter((c) => c.pinToTop);
  if (pinned.length > 0) groups.push({ key: 'pinned', label: 'Pinned channels', channels: pinned });
  for (const folder of folders) {
    const inFolder = sorted.filter((c) => !c.pinToTop && c.folderId === folder.id);
    if (inFolder.length > 0) groups.push({ key: `folder:${folder.id}`, label: folder.name, channels: inFolder });
  }
  const rest = sorted.filter((c) => !c.pinToTop && !filed(c));
  if (rest.length > 0) groups.push({ key: 'other', label: 'Other channels', channels: rest });
  return groups;
}
