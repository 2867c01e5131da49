import type { App } from '../app';
import type { UserRow } from '../store/rows';
import { apiEmail, canSeeDeliveryEmail } from '../views/users';

/**
 * A person or bot of the organization (not a system bot) named the way Zulip's user paths allow:
 * a user ID, the API email (which may be the `user{id}@domain` placeholder), or the real address
 * when the viewer may see it. Deactivated accounts are found too; callers decide about them.
 */
export function findUser(app: App, viewer: UserRow, idOrEmail: string): UserRow | undefined {
  const wanted = idOrEmail.toLowerCase();
  const realm = app.store.realm.get();
  return app.store.users.all().find((candidate) => {
    if (candidate.is_system_bot === 1) return false;
    if (/^\d+$/.test(wanted)) return candidate.id === Number(wanted);
    if (apiEmail(candidate, realm).toLowerCase() === wanted) return true;
    return candidate.delivery_email.toLowerCase() === wanted && canSeeDeliveryEmail(viewer, candidate);
  });
}
