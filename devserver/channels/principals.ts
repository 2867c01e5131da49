import type { App } from '../app';
import { badRequest } from '../http/errors';
import type { Params } from '../http/params';
import type { UserRow } from '../store/rows';
import { apiEmail, canSeeDeliveryEmail } from '../views/users';

/**
 * The `principals` parameter: the users to (un)subscribe, as a JSON list of user IDs or of emails
 * (API or, where the caller may see it, real). Deactivated and unknown accounts are refused with
 * 400 BAD_REQUEST (feature level 208). Undefined when the parameter is absent or empty.
 */
export function readPrincipals(app: App, caller: UserRow, params: Params): UserRow[] | undefined {
  const raw = params.json('principals');
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw)) throw badRequest('principals is not a list');
  if (raw.length === 0) return undefined;
  const users = app.store.users.all().filter((user) => user.is_system_bot === 0);
  const realm = app.store.realm.get();
  if (raw.every((item) => typeof item === 'number' && Number.isSafeInteger(item))) {
    return raw.map((id: number) => {
      const user = users.find((candidate) => candidate.id === id);
      if (!user || user.is_active !== 1) throw badRequest(`Invalid user ID: ${id}`);
      return user;
    });
  }
  if (raw.every((item) => typeof item === 'string')) {
    return raw.map((email: string) => {
      const wanted = email.trim().toLowerCase();
      const user = users.find(
        (candidate) =>
          apiEmail(candidate, realm).toLowerCase() === wanted ||
          (candidate.delivery_email.toLowerCase() === wanted && canSeeDeliveryEmail(caller, candidate)),
      );
      if (!user || user.is_active !== 1) throw badRequest('No such user');
      return user;
    });
  }
  throw badRequest('principals must be a list of user IDs or a list of emails');
}

/** The target is the caller or a bot the caller owns (no channel permission needed then). */
export function controls(caller: UserRow, target: UserRow): boolean {
  return caller.id === target.id || (target.is_bot === 1 && target.bot_owner_id === caller.id);
}
