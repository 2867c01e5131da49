/**
 * What an administrator does from the admin screens, through the server (which sends the events
 * that change the cache, for users and folders). Invitations are read straight from the server:
 * the cache does not hold them and Zulip's API has no event for them.
 */
import type { AdminCalls, InviteView } from '../../common/ipc/admin-contract';
import type { CallArgs } from '../../common/ipc/contract';
import * as api from '../api/routes/admin';
import type { ActionContext } from './channel-actions';
import { requireFeature } from './gates';

export async function setRole(ctx: ActionContext, a: CallArgs<'users:setRole'>): Promise<null> {
  await api.setUserRole(ctx.client, a.userId, a.role);
  return null;
}

export async function deactivate(ctx: ActionContext, userId: number): Promise<null> {
  await api.deactivateUser(ctx.client, userId);
  return null;
}

export async function reactivate(ctx: ActionContext, userId: number): Promise<null> {
  await api.reactivateUser(ctx.client, userId);
  return null;
}

export async function updateFolder(ctx: ActionContext, a: CallArgs<'folders:update'>): Promise<null> {
  requireFeature(ctx.gates, 'channelFolders');
  await api.updateChannelFolder(ctx.client, a.folderId, {
    ...(a.name !== undefined ? { name: a.name } : {}),
    ...(a.description !== undefined ? { description: a.description } : {}),
    ...(a.isArchived !== undefined ? { is_archived: a.isArchived } : {}),
  });
  return null;
}

/** The server wants every folder in the new order, so the order is the cache's with one moved. */
export async function moveFolder(ctx: ActionContext, a: CallArgs<'folders:move'>): Promise<null> {
  requireFeature(ctx.gates, 'channelFolders');
  const order = ctx.store.channelFolders.all().map((folder) => folder.id);
  const from = order.indexOf(a.folderId);
  const to = from + a.by;
  if (from < 0 || to < 0 || to >= order.length) return null;
  [order[from], order[to]] = [order[to]!, order[from]!];
  await api.reorderChannelFolders(ctx.client, order);
  return null;
}

export async function listInvites(ctx: ActionContext): Promise<InviteView[]> {
  const invites = await api.getInvites(ctx.client);
  const names = ctx.store.users.fullNames(invites.map((invite) => invite.invited_by_user_id));
  return invites.map((invite) => ({
    id: invite.id,
    isLink: invite.is_multiuse,
    email: invite.email ?? null,
    linkUrl: invite.link_url ?? null,
    invitedAs: invite.invited_as,
    invitedBy: names.get(invite.invited_by_user_id) ?? 'Unknown user',
    invitedAt: invite.invited,
    expiresAt: invite.expiry_date,
  }));
}

export async function sendInvites(
  ctx: ActionContext,
  a: CallArgs<'invites:send'>,
): Promise<ReturnType<AdminCalls['invites:send']>> {
  if (a.groupIds?.length) requireFeature(ctx.gates, 'inviteToGroups');
  return api.sendEmailInvites(ctx.client, {
    invitee_emails: a.emails.join(','),
    stream_ids: a.channelIds,
    invite_as: a.inviteAs,
    invite_expires_in_minutes: a.expiresInMinutes,
    ...(a.groupIds?.length ? { group_ids: a.groupIds } : {}),
  });
}

export async function revokeInvite(ctx: ActionContext, a: CallArgs<'invites:revoke'>): Promise<null> {
  await api.revokeInvite(ctx.client, { id: a.id, isLink: a.isLink });
  return null;
}

export async function resendInvite(ctx: ActionContext, id: number): Promise<null> {
  await api.resendEmailInvite(ctx.client, id);
  return null;
}
