import type { App } from '../app';
import { accessibleUserIds, guestsLimited } from '../accounts/user_access';
import { ROLE } from '../store/rows';
import { addedPerson } from './user_events';

/** What each limited guest reaches right now (empty when nobody's view of people is limited). */
export type AccessSnapshot = Map<number, ReadonlySet<number>>;

export function accessSnapshot(app: App): AccessSnapshot {
  const out: AccessSnapshot = new Map();
  if (!guestsLimited(app)) return out;
  for (const user of app.store.users.all()) {
    if (user.role !== ROLE.guest || user.is_active !== 1) continue;
    const reachable = accessibleUserIds(app, user);
    if (reachable) out.set(user.id, reachable);
  }
  return out;
}

/**
 * After a subscription or a new direct conversation changed whom a limited guest shares something
 * with, Zulip tells that guest: `realm_user` `add` with the full user for each person they now
 * reach (feature level 228), `remove` for each they no longer reach. Bots are always reached, so
 * they never come or go here.
 */
export function publishAccessChanges(app: App, before: AccessSnapshot): void {
  if (before.size === 0) return;
  const after = accessSnapshot(app);
  const realm = app.store.realm.get();
  const profileData = app.store.records.profileFields.valuesByUser();
  for (const [guestId, was] of before) {
    const now = after.get(guestId);
    if (!now) continue;
    const viewer = app.store.users.byId(guestId) ?? null;
    for (const id of now) {
      const target = was.has(id) ? undefined : app.store.users.byId(id);
      if (!target || target.is_bot === 1) continue;
      const person = addedPerson(app, target, viewer, realm, profileData);
      app.queues.publish([guestId], 'realm_user', () => ({ type: 'realm_user', op: 'add', person }));
    }
    for (const id of was) {
      const target = now.has(id) ? undefined : app.store.users.byId(id);
      if (!target || target.is_bot === 1) continue;
      const person = { user_id: id, full_name: target.full_name };
      app.queues.publish([guestId], 'realm_user', () => ({ type: 'realm_user', op: 'remove', person }));
    }
  }
}
