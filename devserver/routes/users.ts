import { badRequest } from '../http/errors';
import type { ApiRoute, RequestContext } from '../http/route';
import type { UserRow } from '../store/rows';
import { apiEmail, canSeeDeliveryEmail, formatUser } from '../views/users';

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
  };
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
      let users = ctx.app.store.users.all().filter(listable);
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
      return {
        ...formatUser(ctx.user, { ...options, includeProfileData: true }),
        max_message_id: ctx.app.store.messages.maxId(),
      };
    },
  },
  {
    /**
     * GET /users/{email}: one account by API email (which may be the `user{id}@domain` placeholder)
     * or by real address, the latter only when the caller may see that address. A number is read
     * as a user ID (Zulip's GET /users/{user_id}).
     */
    method: 'GET',
    path: '/users/{email}',
    auth: 'user',
    handler: (ctx) => {
      const options = viewOptions(ctx);
      const wanted = (ctx.pathParams['email'] ?? '').toLowerCase();
      const user = ctx.app.store.users
        .all()
        .filter(listable)
        .find((candidate) => {
          if (/^\d+$/.test(wanted)) return candidate.id === Number(wanted);
          if (apiEmail(candidate, options.realm).toLowerCase() === wanted) return true;
          return candidate.delivery_email.toLowerCase() === wanted && canSeeDeliveryEmail(ctx.user, candidate);
        });
      if (!user) throw badRequest('No such user');
      return { user: formatUser(user, options) };
    },
  },
];
