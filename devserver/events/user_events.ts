import type { App } from '../app';
import type { UserRow } from '../store/rows';
import { canSeeDeliveryEmail, formatUser } from '../views/users';
import { activeUserIds } from './records';
import { canAccessUser, guestsLimited, inaccessibleUser } from '../accounts/user_access';

/**
 * realm_user events go to the accounts that can access the person (Zulip's
 * get_user_ids_who_can_access_user: everyone, unless can_access_all_users_group limits guests);
 * fields that depend on who is looking (delivery_email) are built per receiving user.
 */
export function publishUserUpdate(app: App, person: { user_id: number; [field: string]: unknown }): void {
  const target = app.store.users.byId(person.user_id);
  app.queues.publish(audienceOf(app, target), 'realm_user', () => ({ type: 'realm_user', op: 'update', person }));
}

function audienceOf(app: App, target: UserRow | undefined): number[] {
  const ids = activeUserIds(app);
  if (!target || target.is_bot === 1 || !guestsLimited(app)) return ids;
  return ids.filter((id) => {
    const viewer = app.store.users.byId(id);
    return viewer !== undefined && canAccessUser(app, viewer, target);
  });
}

/**
 * realm_user add with the full User object as each receiver would see it in GET /users. A limited
 * guest who may not access the newcomer gets nothing with user_list_incomplete, else Zulip's
 * "Unknown user" stand-in.
 */
export function publishUserAdd(app: App, target: UserRow): void {
  const realm = app.store.realm.get();
  const profileData = app.store.records.profileFields.valuesByUser();
  app.queues.publish(activeUserIds(app), 'realm_user', (queue) => {
    const viewer = app.store.users.byId(queue.spec.userId) ?? null;
    if (viewer && !canAccessUser(app, viewer, target)) {
      if (queue.spec.capabilities['user_list_incomplete'] === true) return null;
      return { type: 'realm_user', op: 'add', person: inaccessibleUser(app, target.id) };
    }
    return { type: 'realm_user', op: 'add', person: addedPerson(app, target, viewer, realm, profileData) };
  });
}

/** The full User object a realm_user add carries, as `viewer` would see it in GET /users. */
export function addedPerson(
  app: App,
  target: UserRow,
  viewer: UserRow | null,
  realm: ReturnType<App['store']['realm']['get']>,
  profileData: ReturnType<App['store']['records']['profileFields']['valuesByUser']>,
): ReturnType<typeof formatUser> {
  return formatUser(target, {
    viewer,
    realm,
    baseUrl: app.baseUrl,
    includeProfileData: true,
    includeIsActive: true,
    profileData,
  });
}

/**
 * After a change of the target's email visibility, each user whose view of the real address
 * changed gets {user_id, delivery_email} (the address, or null once hidden).
 */
export function publishDeliveryEmailChanges(app: App, before: UserRow, after: UserRow): void {
  const viewers = app.store.users.all().filter((user) => user.is_active === 1);
  const changed = viewers.filter(
    (viewer) => canSeeDeliveryEmail(viewer, before) !== canSeeDeliveryEmail(viewer, after),
  );
  app.queues.publish(
    changed.map((viewer) => viewer.id),
    'realm_user',
    (queue) => {
      const viewer = viewers.find((user) => user.id === queue.spec.userId) ?? null;
      const visible = canSeeDeliveryEmail(viewer, after);
      const person = { user_id: after.id, delivery_email: visible ? after.delivery_email : null };
      return { type: 'realm_user', op: 'update', person };
    },
  );
}
