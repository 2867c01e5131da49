import type { ChannelFolderRow } from '../store/folders';

/** The API's ChannelFolder object. */
export function formatFolder(folder: ChannelFolderRow): Record<string, unknown> {
  return {
    id: folder.id,
    name: folder.name,
    description: folder.description,
    rendered_description: folder.rendered_description,
    date_created: folder.date_created,
    creator_id: folder.creator_id,
    order: folder.sort_order,
    is_archived: folder.is_archived === 1,
  };
}
