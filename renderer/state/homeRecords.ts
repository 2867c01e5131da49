/**
 * The short record lists Home keeps for one account: code playgrounds (links on code blocks),
 * channel folders (they group the channel list) and navigation views (pinned ones join the
 * sidebar's views). Each is fetched once and again when main says its area changed.
 */
import type { ChannelFolderView, NavigationViewView, PlaygroundView } from '../../common/model';
import type { BridgeClient } from '../lib/bridge';
import { RecordList } from './recordList.svelte';

export interface HomeRecords {
  playgrounds: RecordList<PlaygroundView>;
  folders: RecordList<ChannelFolderView>;
  views: RecordList<NavigationViewView>;
}

export function buildHomeRecords(bridge: BridgeClient, accountId: string): HomeRecords {
  return {
    playgrounds: new RecordList<PlaygroundView>(bridge, accountId, ['playgrounds'], (cursor, limit) =>
      bridge.call('playgrounds:list', { accountId, cursor, limit }),
    ),
    folders: new RecordList<ChannelFolderView>(bridge, accountId, ['folders'], (cursor, limit) =>
      bridge.call('folders:list', { accountId, cursor, limit }),
    ),
    views: new RecordList<NavigationViewView>(bridge, accountId, ['views'], (cursor, limit) =>
      bridge.call('views:list', { accountId, cursor, limit }),
    ),
  };
}
