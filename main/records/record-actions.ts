/**
 * Changes to groups, folders, snippets, navigation views, profile fields, playgrounds,
 * invitations and settings, through the server; the cache follows through the events.
 * Features the server lacks are refused before any request (the renderer hides them anyway).
 */
import type { CallArgs } from '../../common/ipc/contract';
import type { GroupSetting } from '../../common/model';
import type { GroupSettingValue } from '../api';
import { createChannelFolder } from '../api/routes/channel-folders';
import { createInviteLink } from '../api/routes/invites';
import { createNavigationView, deleteNavigationView, editNavigationView } from '../api/routes/navigation-views';
import { createPlayground, deletePlayground } from '../api/routes/playgrounds';
import { createProfileField, setOwnProfileData } from '../api/routes/profile-fields';
import { createSavedSnippet, deleteSavedSnippet, editSavedSnippet } from '../api/routes/saved-snippets';
import { updateSettings } from '../api/routes/settings';
import {
  updateUserGroup,
  updateUserGroupMembers,
  type GroupPermission,
  type UpdateUserGroupParams,
} from '../api/routes/user-groups';
import type { ActionContext } from './channel-actions';
import { requireFeature } from './gates';

type PermissionChange = { new: GroupSetting; old?: GroupSetting | undefined };

export function wireSetting(v: GroupSetting): GroupSettingValue {
  return typeof v === 'number' ? v : { direct_members: v.directMembers, direct_subgroups: v.directSubgroups };
}

export async function updateGroup(ctx: ActionContext, a: CallArgs<'groups:update'>): Promise<null> {
  const params: UpdateUserGroupParams = {};
  if (a.name !== undefined) params.name = a.name;
  if (a.description !== undefined) params.description = a.description;
  if (a.reactivate) params.deactivated = false;
  const permissions = Object.entries(a.permissions ?? {}) as [GroupPermission, PermissionChange | undefined][];
  for (const [key, change] of permissions) {
    if (!change) continue;
    params[key] = {
      new: wireSetting(change.new),
      ...(change.old !== undefined ? { old: wireSetting(change.old) } : {}),
    };
  }
  if (Object.keys(params).length > 0) await updateUserGroup(ctx.client, a.groupId, params);
  if (a.addMembers?.length || a.removeMembers?.length) {
    await updateUserGroupMembers(ctx.client, a.groupId, {
      ...(a.addMembers?.length ? { add: a.addMembers } : {}),
      ...(a.removeMembers?.length ? { delete: a.removeMembers } : {}),
    });
  }
  return null;
}

export async function createFolder(ctx: ActionContext, a: CallArgs<'folders:create'>): Promise<{ folderId: number }> {
  requireFeature(ctx.gates, 'channelFolders');
  return { folderId: await createChannelFolder(ctx.client, { name: a.name, description: a.description }) };
}

export async function createSnippet(ctx: ActionContext, a: CallArgs<'snippets:create'>): Promise<{ id: number }> {
  requireFeature(ctx.gates, 'savedSnippets');
  return { id: await createSavedSnippet(ctx.client, { title: a.title, content: a.content }) };
}

export async function updateSnippet(ctx: ActionContext, a: CallArgs<'snippets:update'>): Promise<null> {
  requireFeature(ctx.gates, 'editSavedSnippets');
  await editSavedSnippet(ctx.client, a.id, {
    ...(a.title !== undefined ? { title: a.title } : {}),
    ...(a.content !== undefined ? { content: a.content } : {}),
  });
  return null;
}

export async function deleteSnippet(ctx: ActionContext, id: number): Promise<null> {
  requireFeature(ctx.gates, 'savedSnippets');
  await deleteSavedSnippet(ctx.client, id);
  return null;
}

export async function createView(ctx: ActionContext, a: CallArgs<'views:create'>): Promise<null> {
  requireFeature(ctx.gates, 'navigationViews');
  await createNavigationView(ctx.client, {
    fragment: a.fragment,
    is_pinned: a.isPinned,
    ...(a.name !== undefined ? { name: a.name } : {}),
  });
  return null;
}

export async function updateView(ctx: ActionContext, a: CallArgs<'views:update'>): Promise<null> {
  requireFeature(ctx.gates, 'navigationViews');
  await editNavigationView(ctx.client, a.fragment, {
    ...(a.isPinned !== undefined ? { is_pinned: a.isPinned } : {}),
    ...(a.name !== undefined ? { name: a.name } : {}),
  });
  return null;
}

export async function deleteView(ctx: ActionContext, fragment: string): Promise<null> {
  requireFeature(ctx.gates, 'navigationViews');
  await deleteNavigationView(ctx.client, fragment);
  return null;
}

export async function createField(ctx: ActionContext, a: CallArgs<'profileFields:create'>): Promise<{ id: number }> {
  const id = await createProfileField(ctx.client, {
    field_type: a.type,
    name: a.name,
    ...(a.hint !== undefined ? { hint: a.hint } : {}),
    ...(a.fieldData !== undefined ? { field_data: a.fieldData } : {}),
    ...(a.displayInProfileSummary !== undefined ? { display_in_profile_summary: a.displayInProfileSummary } : {}),
    ...(a.required !== undefined ? { required: a.required } : {}),
    ...(a.editableByUser !== undefined ? { editable_by_user: a.editableByUser } : {}),
  });
  return { id };
}

export async function addPlayground(ctx: ActionContext, a: CallArgs<'playgrounds:create'>): Promise<{ id: number }> {
  const id = await createPlayground(ctx.client, {
    name: a.name,
    pygments_language: a.pygmentsLanguage,
    url_template: a.urlTemplate,
  });
  return { id };
}

export async function removePlayground(ctx: ActionContext, id: number): Promise<null> {
  await deletePlayground(ctx.client, id);
  return null;
}

export async function createInvite(ctx: ActionContext, a: CallArgs<'invites:create'>): Promise<{ link: string }> {
  if (a.groupIds?.length) requireFeature(ctx.gates, 'inviteToGroups');
  const link = await createInviteLink(
    ctx.client,
    {
      ...(a.expiresInMinutes !== undefined ? { invite_expires_in_minutes: a.expiresInMinutes } : {}),
      ...(a.inviteAs !== undefined ? { invite_as: a.inviteAs } : {}),
      ...(a.channelIds !== undefined ? { stream_ids: a.channelIds } : {}),
      ...(a.groupIds !== undefined ? { group_ids: a.groupIds } : {}),
      ...(a.includeRealmDefaultSubscriptions !== undefined
        ? { include_realm_default_subscriptions: a.includeRealmDefaultSubscriptions }
        : {}),
      ...(a.welcomeMessage !== undefined ? { welcome_message_custom_text: a.welcomeMessage } : {}),
    },
    ctx.featureLevel,
  );
  return { link };
}

/** profile:setFields: the change comes back as a realm_user event, which updates the cache. */
export async function setProfileFields(
  ctx: ActionContext,
  values: { fieldId: number; value: string }[],
): Promise<null> {
  await setOwnProfileData(
    ctx.client,
    values.map((v) => ({ id: v.fieldId, value: v.value })),
  );
  return null;
}

export async function changeSettings(
  ctx: ActionContext,
  changes: Record<string, string | number | boolean>,
): Promise<null> {
  await updateSettings(ctx.client, changes);
  return null;
}
