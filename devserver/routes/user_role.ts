import { changeRole } from '../accounts/role';
import { ApiError, badRequest } from '../http/errors';
import type { ApiRoute } from '../http/route';
import { ROLE } from '../store/rows';
import { adminRequired, ownerRequired } from './realm';

const ROLES: readonly number[] = [ROLE.owner, ROLE.admin, ROLE.moderator, ROLE.member, ROLE.guest];

export const userRoleRoutes: ApiRoute[] = [
  {
    /**
     * PATCH /users/{user_id}: an administrator changes a person's role. As in Zulip's
     * update_user_backend: making or unmaking an owner takes an owner, anything else an
     * administrator, and the only active owner keeps the role. Deactivated people may be changed.
     */
    method: 'PATCH',
    path: '/users/{user_id}',
    auth: 'user',
    handler: (ctx) => {
      if (ctx.user.role > ROLE.admin) throw badRequest('Insufficient permission');
      const raw = ctx.pathParams['user_id'] ?? '';
      const target = /^\d+$/.test(raw) ? ctx.app.store.users.byId(Number(raw)) : undefined;
      if (!target || target.is_system_bot === 1) throw badRequest('No such user');
      const role = ctx.params.int('role');
      if (role === undefined) return {};
      if (!ROLES.includes(role)) throw badRequest('Invalid role');
      if (role === target.role) return {};
      if ((role === ROLE.owner || target.role === ROLE.owner) && ctx.user.role !== ROLE.owner) throw ownerRequired();
      if (ctx.user.role > ROLE.admin) throw adminRequired();
      if (target.role === ROLE.owner) {
        const owners = ctx.app.store.users
          .all()
          .filter((u) => u.role === ROLE.owner && u.is_active === 1 && u.is_bot === 0);
        if (owners.length <= 1 && owners[0]?.id === target.id) {
          throw new ApiError(
            400,
            'BAD_REQUEST',
            'The owner permission cannot be removed from the only organization owner.',
          );
        }
      }
      changeRole(ctx.app, target, role);
      return {};
    },
  },
];
