import { nowSeconds, type App } from '../app';
import { activeUserIds } from '../events/audience';
import { ApiError, badRequest } from '../http/errors';
import type { ApiRoute } from '../http/route';
import type { Params } from '../http/params';
import { LIMITS } from '../limits';
import { renderMarkdown } from '../markdown/render';
import { storeDirectory } from '../messaging/directory';
import { ROLE, type UserRow } from '../store/rows';
import type { ChannelFolderRow, FolderChange } from '../store/folders';
import { formatFolder } from '../views/folders';

function requireAdmin(user: UserRow): void {
  if (user.role > ROLE.admin) {
    throw new ApiError(400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
  }
}

/** Zulip's check_channel_folder_name, with the length limit its request parsing applies. */
function checkName(app: App, name: string, exceptId?: number): string {
  if (name.length > LIMITS.max_channel_folder_name_length) {
    throw badRequest(`name is too long (limit: ${LIMITS.max_channel_folder_name_length} characters)`);
  }
  if (name.trim() === '') throw badRequest("Channel folder name can't be empty.");
  const bad = [...name].findIndex((char) => /[\p{Cc}\p{Cs}]/u.test(char));
  if (bad >= 0) throw badRequest(`Invalid character in channel folder name, at position ${bad + 1}.`);
  const existing = app.store.folders.byName(name);
  if (existing && existing.id !== exceptId) throw badRequest('Channel folder name already in use');
  return name;
}

function readDescription(params: Params, required: boolean): string | undefined {
  const description = required ? params.requiredString('description') : params.string('description');
  if (description !== undefined && description.length > LIMITS.max_channel_folder_description_length) {
    throw badRequest(`description is too long (limit: ${LIMITS.max_channel_folder_description_length} characters)`);
  }
  return description;
}

function findFolder(app: App, raw: string | undefined): ChannelFolderRow {
  const folder = app.store.folders.byId(Number(raw));
  if (!folder) throw badRequest('Invalid channel folder ID');
  return folder;
}

function publishFolder(app: App, event: Record<string, unknown>): void {
  app.queues.publish(activeUserIds(app), 'channel_folder', () => ({ type: 'channel_folder', ...event }));
}

const render = (app: App, text: string): string => renderMarkdown(text, storeDirectory(app.store)).html;

export const channelFolderRoutes: ApiRoute[] = [
  {
    /** POST /channel_folders/create: administrators only; returns channel_folder_id. */
    method: 'POST',
    path: '/channel_folders/create',
    auth: 'user',
    handler: ({ app, user, params }) => {
      requireAdmin(user);
      const description = readDescription(params, true) ?? '';
      const name = checkName(app, params.requiredString('name'));
      const id = app.store.folders.insert({
        name,
        description,
        rendered_description: render(app, description),
        date_created: nowSeconds(),
        creator_id: user.id,
      });
      const folder = app.store.folders.byId(id);
      if (folder) publishFolder(app, { op: 'add', channel_folder: formatFolder(folder) });
      return { channel_folder_id: id };
    },
  },
  {
    /** GET /channel_folders: folders in display order, archived ones with include_archived. */
    method: 'GET',
    path: '/channel_folders',
    auth: 'user',
    handler: ({ app, params }) => {
      const includeArchived = params.bool('include_archived', false);
      const folders = app.store.folders.all().filter((folder) => includeArchived || folder.is_archived === 0);
      return { channel_folders: folders.map(formatFolder) };
    },
  },
  {
    /** PATCH /channel_folders: reorders every folder (order lists all their IDs). */
    method: 'PATCH',
    path: '/channel_folders',
    auth: 'user',
    handler: ({ app, user, params }) => {
      requireAdmin(user);
      const order = params.intList('order');
      if (order === undefined) throw badRequest('Invalid order mapping');
      const known = app.store.folders.all().map((folder) => folder.id);
      const same = order.length === known.length && new Set(order).size === order.length;
      if (!same || !known.every((id) => order.includes(id))) throw badRequest('Invalid order mapping');
      app.store.transaction(() => app.store.folders.reorder(order));
      publishFolder(app, { op: 'reorder', order });
      return {};
    },
  },
  {
    /**
     * PATCH /channel_folders/{channel_folder_id}: renames, redescribes, archives (only once no
     * channel is in it) or unarchives a folder; administrators only.
     */
    method: 'PATCH',
    path: '/channel_folders/{channel_folder_id}',
    auth: 'user',
    handler: ({ app, user, params, pathParams }) => {
      requireAdmin(user);
      const folder = findFolder(app, pathParams['channel_folder_id']);
      const name = params.string('name');
      const description = readDescription(params, false);
      const archived = params.bool('is_archived');
      const change: FolderChange = {};
      const data: Record<string, unknown> = {};
      if (name !== undefined && name !== folder.name) data['name'] = change.name = checkName(app, name, folder.id);
      if (description !== undefined && description !== folder.description) {
        data['description'] = change.description = description;
        data['rendered_description'] = change.rendered_description = render(app, description);
      }
      if (archived !== undefined && archived !== (folder.is_archived === 1)) {
        if (archived && app.store.folders.inUse(folder.id)) {
          throw badRequest('You need to remove all the channels from this folder to archive it.');
        }
        change.is_archived = archived ? 1 : 0;
        data['is_archived'] = archived;
      }
      if (Object.keys(change).length === 0) return {};
      app.store.folders.update(folder.id, change);
      publishFolder(app, { op: 'update', channel_folder_id: folder.id, data });
      return {};
    },
  },
];
