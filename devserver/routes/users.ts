import { badRequest } from '../http/errors';
import type { ApiRoute, RequestContext } from '../http/route';
import { deactivateAccount, reactivateAccount } from '../accounts/activation';
import { findUser } from '../accounts/lookup';
import { accessibleUserIds, canAccessUser } from '../accounts/user_access';
import { ApiError } from '../http/errors';
import { ROLE, type UserRow } from '../store/rows';
import { adminRequired, ownerRequired } from './realm';
import { formatUser } from '../views/users';

/** People and bots of the organization; system bots live in register's cross_realm_bots. */
function listable(user: UserRow): boolean {
  return user.is_system_bot === 0;
}

function viewOptions(ctx: RequestContext<UserRow>) {
  // client_gravatar is accepted for fidelity; no account here uses Gravatar, so it changes nothing.
  ctx.params.bool('client_gravatar', true);
  return {
    viewer: ctx.user,
    realm: ctx.app.store.realm.get(),
    baseUrl: ctx.app.baseUrl,
    includeProfileData: ctx.params.bool('include_custom_profile_fields', false),
    profileData: ctx.app.store.records.profileFields.valuesByUser(),
  };
}

/**
 * Zulip's access_user_by_id for administrative actions: a person of this organization (not a
 * bot, not a system bot); deactivated ones only where the action allows them.
 */
function targetUser(ctx: RequestContext<UserRow>, allowDeactivated: boolean, allowBots = false): UserRow {
  const raw = ctx.pathParams['user_id'] ?? '';
  const target = /^\d+$/.test(raw) ? ctx.app.store.users.byId(Number(raw)) : undefined;
  if (!target || target.is_system_bot === 1 || (target.is_bot === 1 && !allowBots)) throw badRequest('No such user');
  if (!allowDeactivated && target.is_active !== 1) throw badRequest('User is deactivated');
  return target;
}

/** Zulip's check_bot_name_available(is_activation=True). */
function checkBotNameFree(ctx: RequestContext<UserRow>, bot: UserRow): void {
  const name = bot.full_name.trim();
  if (ctx.app.store.users.all().some((u) => u.is_active === 1 && u.full_name === name)) {
    throw badRequest(
      `There is already an active bot named "${name}" in this organization. To reactivate this bot, you must rename or deactivate the other one first.`,
    );
  }
}

function requireAdminFor(ctx: RequestContext<UserRow>, target: UserRow): void {
  if (ctx.user.role > ROLE.admin) throw adminRequired();
  if (target.role === ROLE.owner && ctx.user.role !== ROLE.owner) throw ownerRequired();
}

export const userRoutes: ApiRoute[] = [
  {
    /** GET /users: every account (active or not) as User objects, optionally limited by user_ids. */
    method: 'GET',
    path: '/users',
    auth: 'user',
    handler: (ctx) => {
      const options = viewOptions(ctx);
      const wanted = ctx.params.intList('user_ids');
      // Zulip's GET /users leaves out the people a limited guest may not access.
      const reachable = accessibleUserIds(ctx.app, ctx.user);
      let users = ctx.app.store.users
        .all()
        .filter((user) => listable(user) && (reachable === null || user.is_bot === 1 || reachable.has(user.id)));
      if (wanted !== undefined) {
        const known = new Set(users.map((user) => user.id));
        const unknown = wanted.find((id) => !known.has(id));
        if (unknown !== undefined) throw badRequest(`Invalid user ID: ${unknown}`);
        const set = new Set(wanted);
        users = users.filter((user) => set.has(user.id));
      }
      return { members: users.map((user) => formatUser(user, options)) };
    },
  },
  {
    /** GET /users/me: the caller's own User object, plus the deprecated max_message_id. */
    method: 'GET',
    path: '/users/me',
    auth: 'user',
    handler: (ctx) => {
      const options = viewOptions(ctx);
      const { bot_type: botType, ...own } = formatUser(ctx.user, { ...options, includeProfileData: true });
      return {
        ...own,
        // As in Zulip (and its OpenAPI), the caller's own profile has bot_type only for bots.
        ...(ctx.user.is_bot === 1 ? { bot_type: botType } : {}),
        max_message_id: ctx.app.store.messages.maxId(),
      };
    },
  },
  {
    /**
     * GET /users/{email}: one account by API email (which may be the `user{id}@domain` placeholder)
     * or by real address, the latter only when the caller may see that address. A number is read
     * as a user ID (Zulip's GET /users/{user_id}). Someone a limited guest may not access is
     * refused with Zulip's "Insufficient permission".
     */
    method: 'GET',
    path: '/users/{email}',
    auth: 'user',
    handler: (ctx) => {
      const options = viewOptions(ctx);
      const user = findUser(ctx.app, ctx.user, ctx.pathParams['email'] ?? '');
      if (!user) throw badRequest('No such user');
      if (!canAccessUser(ctx.app, ctx.user, user)) throw badRequest('Insufficient permission');
      return { user: formatUser(user, options) };
    },
  },
  {
    /**
     * DELETE /users/{user_id}: deactivates a person (administrators; owners only by owners). The
     * last owner cannot go. Their bots go too; see accounts/activation.ts for the events.
     */
    method: 'DELETE',
    path: '/users/{user_id}',
    auth: 'user',
    handler: (ctx) => {
      const target = targetUser(ctx, false);
      requireAdminFor(ctx, target);
      // Zulip e-mails this note to the person; there is no mail here, so it is only accepted.
      ctx.params.string('deactivation_notification_comment');
      const owners = ctx.app.store.users
        .all()
        .filter((u) => u.role === ROLE.owner && u.is_active === 1 && u.is_bot === 0);
      if (target.role === ROLE.owner && owners.length <= 1) {
        throw new ApiError(400, 'CANNOT_DEACTIVATE_LAST_USER', 'Cannot deactivate the only organization owner', {
          is_last_owner: true,
          entity: 'organization owner',
        });
      }
      deactivateAccount(ctx.app, target);
      return {};
    },
  },
  {
    /**
     * POST /users/{user_id}/reactivate: reactivates a deactivated person or bot (administrators).
     * As on Zulip, a bot comes back only if no active account has its name.
     */
    method: 'POST',
    path: '/users/{user_id}/reactivate',
    auth: 'user',
    handler: (ctx) => {
      const target = targetUser(ctx, true, true);
      requireAdminFor(ctx, target);
      if (target.is_active === 1) throw badRequest('User is already active');
      if (target.is_bot === 1) checkBotNameFree(ctx, target);
      reactivateAccount(ctx.app, target);
      return {};
    },
  },
];
