/**
 * The sidebar's channel list as the rows the virtualized list mounts: a folder's heading, then
 * its channels (each with its topics, when open, inside its row).
 */
import type { ChannelSummary } from '../../../common/model';
import type { ChannelGroup } from '../../state/sidebarOrder';

export type ChannelRow =
  { kind: 'folder'; key: string; label: string } | { kind: 'channel'; key: string; channel: ChannelSummary };

export function channelRows(groups: readonly ChannelGroup[]): ChannelRow[] {
  const rows: ChannelRow[] = [];
  for (const group of groups) {
    if (group.label) rows.push({ kind: 'folder', key: `folder:${group.key}`, label: group.label });
    for (const channel of group.channels) rows.push({ kind: 'channel', key: `channel:${channel.id}`, channel });
  }
  return rows;
}
