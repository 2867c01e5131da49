/** Channel folders (FL 389). */
import * as z from 'zod';
import type { ApiClient, RequestOptions } from '../client';
import { SuccessEnvelope } from '../schemas/common';
import { ChannelFolder } from '../schemas/records';

const CreateFolderResponse = SuccessEnvelope.extend({ channel_folder_id: z.number().int() });
const FoldersResponse = SuccessEnvelope.extend({ channel_folders: z.array(ChannelFolder) });

/**
 * POST /channel_folders/create: administrators only (others get UNAUTHORIZED_PRINCIPAL).
 * description must be sent, even empty. Returns the new folder's ID.
 */
export async function createChannelFolder(
  client: ApiClient,
  params: { name: string; description: string },
  opts: RequestOptions = {},
): Promise<number> {
  const res = await client.request('POST', '/channel_folders/create', { ...params }, CreateFolderResponse, opts);
  return res.channel_folder_id;
}

/** GET /channel_folders: every folder, archived ones included when asked. */
export async function getChannelFolders(
  client: ApiClient,
  opts: RequestOptions & { includeArchived?: boolean } = {},
): Promise<ChannelFolder[]> {
  const { includeArchived, ...requestOpts } = opts;
  const res = await client.request(
    'GET',
    '/channel_folders',
    { include_archived: includeArchived },
    FoldersResponse,
    requestOpts,
  );
  return res.channel_folders;
}
