/** Pure ordering and indexing of sidebar data (kept out of the rune module: plain values, no state). */
import type { ChannelSummary, UserSummary } from '../../common/model';

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
