/** channel_folder events: a folder added, changed (name, description, archived) or the folders reordered. */
import type { ChannelFolderEvent } from '../../api/schemas/record-events';
import { toStoredFolder } from '../convert-records';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';

export function applyChannelFolder({ store, log }: ApplyContext, ev: ChannelFolderEvent): Delta[] {
  const folders = store.channelFolders;
  switch (ev.op) {
    case 'add':
      folders.upsert(toStoredFolder(ev.channel_folder, folders.nextOrder()));
      break;
    case 'update': {
      const { name, description, rendered_description, is_archived, ...rest } = ev.data;
      const ok = folders.patch(ev.channel_folder_id, {
        ...(name !== undefined ? { name } : {}),
        ...(description !== undefined ? { description } : {}),
        ...(rendered_description !== undefined ? { renderedDescription: rendered_description } : {}),
        ...(is_archived !== undefined ? { isArchived: is_archived } : {}),
        extra: rest,
      });
      if (!ok) {
        log.debug('channel_folder update for an unknown folder; ignored', { id: ev.channel_folder_id });
        return [];
      }
      break;
    }
    case 'reorder':
      folders.reorder(ev.order);
      break;
  }
  return [{ kind: 'recordsChanged', areas: ['folders'] }];
}
