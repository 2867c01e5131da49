import { nowSeconds, type App } from '../app';
import { canAdminister, inChannelGroup } from '../channels/access';
import { accessGroupForUpdate } from '../groups/access';
import { GroupGraph, type GroupSettingValue } from '../groups/graph';
import { hasRealmPermission, realmValue } from '../groups/permissions';
import { badRequest } from '../http/errors';
import type { ApiRoute } from '../http/route';
import type { InviteRow } from '../store/invites';
import { ROLE, type ChannelRow, type UserRow } from '../store/rows';
import { canAccessChannel } from './drafts';
import { formatInvite, inviteLink } from '../views/invites';
import { ownerRequired } from './realm';
import { newConfirmationKey, publishInvitesChanged } from '../accounts/invite_mail';

/** Zulip's INVITATION_LINK_VALIDITY_MINUTES default: ten days. */
export const DEFAULT_VALIDITY_MINUTES = 14_400;
const MAX_WELCOME_MESSAGE_LENGTH = 8000;
const ROLES = [ROLE.owner, ROLE.admin, ROLE.moderator, ROLE.member, ROLE.guest] as const;

/** Whether the link still works: not revoked and not past its expiry. */
export function inviteUsable(invite: Pick<InviteRow, 'revoked' | 'expires_at'>, now = nowSeconds()): boolean {
  return invite.revoked === 0 && (invite.expires_at === null || now < invite.expires_at);
}

/**
 * Channels an invitation may subscribe people to (api-v1.md 4.13): each must be one the caller
 * can reach; if the caller cannot subscribe others at all the list must be empty; otherwise each
 * must be a default channel or one the caller may add subscribers to.
 */
export function checkInviteChannels(app: App, graph: GroupGraph, user: UserRow, ids: number[]): ChannelRow[] {
  const channels = ids.map((id) => {
    const channel = app.store.channels.byId(id);
    if (!channel || channel.is_archived === 1 || !canAccessChannel(app, user, channel)) {
      throw badRequest(`Invalid channel ID ${id}. No invites were sent.`);
    }
    return channel;
  });
  const noPermission = () => badRequest('You do not have permission to subscribe other users to channels.');
  const realmAllows = user.role <= ROLE.admin || hasRealmPermission(app, graph, user, 'can_add_subscribers_group');
  if (channels.length > 0 && !realmAllows) throw noPermission();
  for (const channel of channels) {
    const subscribed = app.store.channels.isSubscribed(user.id, channel.id);
    const mayAdd =
      channel.is_default === 1 ||
      canAdminister(graph, user, channel) ||
      inChannelGroup(graph, user, channel, 'can_add_subscribers_group') ||
      channel.invite_only === 0 ||
      subscribed;
    if (!mayAdd) throw noPermission();
  }
  return channels;
}

export function requireMemberOrAdmin(user: UserRow): void {
  if (user.role === ROLE.guest) throw badRequest('Not allowed for guest users');
}

export const inviteRoutes: ApiRoute[] = [
  {
    /**
     * POST /invites/multiuse: creates a reusable invitation link (api-v1.md 4.13): callers in
     * create_multiuse_invite_group; roles no more privileged than the caller's (owners only by
     * owners); channels and groups the caller may add people to; a welcome text from
     * administrators only (null for anyone else). The link opens a working sign-up page.
     */
    method: 'POST',
    path: '/invites/multiuse',
    auth: 'user',
    handler: ({ app, user, params }) => {
      requireMemberOrAdmin(user);
      const graph = GroupGraph.load(app.store);
      const allowed = realmValue(app, graph, 'create_multiuse_invite_group') as GroupSettingValue;
      if (!graph.has(allowed, user.id)) throw badRequest('Insufficient permission');

      const expiresRaw = params.has('invite_expires_in_minutes') ? params.json('invite_expires_in_minutes') : undefined;
      if (
        expiresRaw !== undefined &&
        expiresRaw !== null &&
        !(Number.isSafeInteger(expiresRaw) && (expiresRaw as number) >= 0)
      ) {
        throw badRequest('Invalid invite_expires_in_minutes');
      }
      const minutes = expiresRaw === undefined ? DEFAULT_VALIDITY_MINUTES : (expiresRaw as number | null);
      const invitedAs = params.int('invite_as', ROLE.member);
      if (!(ROLES as readonly number[]).includes(invitedAs)) throw badRequest('Invalid invite_as');
      if (invitedAs === ROLE.owner && user.role !== ROLE.owner) throw ownerRequired();
      if (invitedAs < user.role) throw badRequest('Insufficient permission');

      const channels = checkInviteChannels(app, graph, user, params.intList('stream_ids') ?? []);
      const groupIds = [...new Set(params.intList('group_ids') ?? [])];
      for (const id of groupIds) accessGroupForUpdate(app, graph, user, id, 'can_add_members_group', false);
      const includeDefaults = params.bool('include_realm_default_subscriptions', false);
      const welcome = params.has('welcome_message_custom_text')
        ? params.string('welcome_message_custom_text')
        : undefined;
      if (welcome !== undefined && [...welcome].length > MAX_WELCOME_MESSAGE_LENGTH) {
        throw badRequest(`welcome_message_custom_text is too long (limit: ${MAX_WELCOME_MESSAGE_LENGTH} characters)`);
      }

      const now = nowSeconds();
      const invite = app.store.records.invites.insertLink({
        confirmation_key: newConfirmationKey(),
        referrer_id: user.id,
        invited_as: invitedAs,
        date_created: now,
        expires_at: minutes === null ? null : now + minutes * 60,
        stream_ids: channels.map((channel) => channel.id),
        group_ids: groupIds,
        include_realm_default_subscriptions: includeDefaults,
        // api-v1.md: only administrators may set it; for anyone else the stored value is null.
        welcome_message_custom_text: user.role <= ROLE.admin ? (welcome ?? null) : null,
      });
      publishInvitesChanged(app, user.id);
      return { invite_link: inviteLink(app, invite) };
    },
  },
  {
    /**
     * GET /invites: usable invitations, emailed ones first then links, that the caller made
     * (administrators see everyone's).
     */
    method: 'GET',
    path: '/invites',
    auth: 'user',
    handler: ({ app, user }) => {
      requireMemberOrAdmin(user);
      const listed = (invite: InviteRow) =>
        inviteUsable(invite) && (user.role <= ROLE.admin || invite.referrer_id === user.id);
      const { invites } = app.store.records;
      const shown = [...invites.emails(), ...invites.links()].filter(listed);
      return { invites: shown.map((invite) => formatInvite(app, invite)) };
    },
  },
  {
    /** DELETE /invites/multiuse/{invite_id}: revokes a link (its maker, or an administrator). */
    method: 'DELETE',
    path: '/invites/multiuse/{invite_id}',
    auth: 'user',
    handler: ({ app, user, pathParams }) => {
      requireMemberOrAdmin(user);
      const id = Number(pathParams['invite_id']);
      const invite = Number.isSafeInteger(id) ? app.store.records.invites.link(id) : undefined;
      if (!invite) throw badRequest('No such invitation');
      if (invite.referrer_id !== user.id) {
        if (invite.invited_as === ROLE.owner && user.role !== ROLE.owner) throw ownerRequired();
        if (user.role > ROLE.admin) throw badRequest('Must be an organization administrator');
      }
      if (invite.revoked === 1) throw badRequest('Invitation has already been revoked');
      app.store.records.invites.revoke('link', invite.id);
      publishInvitesChanged(app, invite.referrer_id);
      return {};
    },
  },
];
