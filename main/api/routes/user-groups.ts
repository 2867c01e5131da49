/** User groups: list them, change one's name, description, permission settings or members. */
import * as z from 'zod';
import type { ApiClient, RequestOptions } from '../client';
import { SuccessEnvelope, type GroupSettingValue } from '../schemas/common';
import { UserGroup } from '../schemas/records';

const UserGroupsResponse = SuccessEnvelope.extend({ user_groups: z.array(UserGroup) });

/** GET /user_groups: every group (deactivated ones too when asked; FL 294). Guests and bots may not. */
export async function getUserGroups(
  client: ApiClient,
  opts: RequestOptions & { includeDeactivated?: boolean } = {},
): Promise<UserGroup[]> {
  const { includeDeactivated, ...requestOpts } = opts;
  const res = await client.request(
    'GET',
    '/user_groups',
    { include_deactivated_groups: includeDeactivated },
    UserGroupsResponse,
    requestOpts,
  );
  return res.user_groups;
}

/** A permission change: the new value, and optionally the value we believe is current (refused if not). */
export interface GroupSettingUpdate {
  new: GroupSettingValue;
  old?: GroupSettingValue;
}

export type GroupPermission =
  | 'can_add_members_group'
  | 'can_join_group'
  | 'can_leave_group'
  | 'can_manage_group'
  | 'can_mention_group'
  | 'can_remove_members_group';

export interface UpdateUserGroupParams extends Partial<Record<GroupPermission, GroupSettingUpdate>> {
  name?: string;
  description?: string;
  /** Only false does anything: it reactivates the group. */
  deactivated?: false;
}

/** PATCH /user_groups/{user_group_id}: renames, describes, reactivates or changes permissions. */
export async function updateUserGroup(
  client: ApiClient,
  groupId: number,
  params: UpdateUserGroupParams,
  opts: RequestOptions = {},
): Promise<void> {
  await client.request('PATCH', `/user_groups/${groupId}`, { ...params }, SuccessEnvelope, opts);
}

/** POST /user_groups/{user_group_id}/members: adds and removes direct members. */
export async function updateUserGroupMembers(
  client: ApiClient,
  groupId: number,
  params: { add?: number[]; delete?: number[] },
  opts: RequestOptions = {},
): Promise<void> {
  await client.request('POST', `/user_groups/${groupId}/members`, { ...params }, SuccessEnvelope, opts);
}
