/**
 * The sidebar's channel list as the rows the virtualized list mounts: a folder's heading, then
 * its channels (each with its topics, when open, inside its row).
 */
import type { ChannelSummary } from '../../../common/model';
import type { ChannelGroup } from '../../state/sidebarOrder';

export type ChannelRow =
  { kind: 'folder'; key: string; label: string } | { kind: 'channel'; key: string; channel: ChannelSummary };

/**
 * The rows of `groups`. A row of `previous` showing the same channel object (or folder label) is
 * returned as it was: each sidebar delta makes a new list, and a new row object for an unchanged
 * channel made the list update that row's component, rewriting its attributes (the topics toggle's
 * `disabled` on every mounted channel, twice per incoming message; issue 28 item 2).
 */
export function channelRows(groups: readonly ChannelGroup[], previous: readonly ChannelRow[] = []): ChannelRow[] {
  const before = new Map(previous.map((row) => [row.key, row]));
  const rows: ChannelRow[] = [];
  const keep = (row: ChannelRow): void => {
    const kept = before.get(row.key);
    const same =
      kept !== undefined &&
      (kept.kind === 'channel'
        ? row.kind === 'channel' && kept.channel === row.channel
        : kept.kind === row.kind && kept.label === row.label);
    rows.push(same ? kept : row);
  };
  for (const group of groups) {
    if (group.label) keep({ kind: 'folder', key: `folder:${group.key}`, label: group.label });
    for (const channel of group.channels) keep({ kind: 'channel', key: `channel:${channel.id}`, channel });
  }
  return rows;
}
