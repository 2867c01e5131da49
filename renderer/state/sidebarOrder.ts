/** Pure ordering and indexing of sidebar data (kept out of the rune module: plain values, no state). */
import type { ChannelFolderView, ChannelSummary, UserSummary } from '../../common/model';

/** One collator for every sort: localeCompare with options builds one per comparison. */
const byName = new Intl.Collator(undefined, { sensitivity: 'base' });

const rank = (c: ChannelSummary): number => (c.pinToTop ? 0 : 2) + (c.isMuted ? 1 : 0);

/**
 * Pinned channels first, then unmuted before muted, then by name without regard to case. Given the
 * last sort (`previous`), when the same channels come with the same name, pin and mute (a delta
 * changed counts or topics, as each incoming message does), its order is kept without comparing.
 */
export function sortChannels(
  channels: readonly ChannelSummary[],
  previous: readonly ChannelSummary[] = [],
): ChannelSummary[] {
  if (channels.length === previous.length && channels.length > 0) {
    const byId = new Map(channels.map((c) => [c.id, c]));
    const kept = previous.map((p) => {
      const c = byId.get(p.id);
      return c && c.name === p.name && c.pinToTop === p.pinToTop && c.isMuted === p.isMuted ? c : undefined;
    });
    if (byId.size === channels.length && kept.every((c) => c !== undefined)) return kept;
  }
  return [...channels].sort((a, b) => rank(a) - rank(b) || byName.compare(a.name, b.name));
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
