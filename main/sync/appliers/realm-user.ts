/**
 * realm_user events. An update carries one of nine partial forms (name, avatar, time zone,
 * bot owner, role, delivery email, profile field, API email, active); known fields go to
 * their columns, the rest to extra. A deactivated user leaves every user group, as the API
 * asks clients to do themselves.
 */
import type { RealmUserEvent } from '../../api';
import type { StoredUser } from '../../store/repos/users';
import { toStoredUser } from '../convert';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';

type Person = Record<string, unknown> & { user_id: number };

/** The role flags register sends beside role; kept in step so no reader sees a stale one. */
function roleFlags(role: number): Record<string, boolean> {
  return { is_owner: role === 100, is_admin: role <= 200, is_moderator: role === 300, is_guest: role === 600 };
}

function profileWith(current: StoredUser, value: unknown): Record<string, unknown> {
  const field = value as { id?: unknown; value?: unknown; rendered_value?: unknown };
  const profile = { ...(current.extra['profile_data'] as Record<string, unknown> | undefined) };
  if (field.value === null || field.value === undefined) delete profile[String(field.id)];
  else profile[String(field.id)] = { value: field.value, rendered_value: field.rendered_value };
  return profile;
}

function changeOf(person: Person, current: StoredUser): Partial<Omit<StoredUser, 'id'>> {
  const change: Partial<Omit<StoredUser, 'id'>> = {};
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(person)) {
    // user_id identifies; email beside timezone is the deprecated copy of the unchanged API email.
    if (key === 'user_id' || key === 'email') continue;
    if (key === 'full_name' && typeof value === 'string') change.fullName = value;
    else if (key === 'avatar_url' && (typeof value === 'string' || value === null)) change.avatarUrl = value;
    else if (key === 'role' && typeof value === 'number') {
      change.role = value;
      Object.assign(extra, roleFlags(value));
    } else if (key === 'is_active' && typeof value === 'boolean') change.isActive = value;
    else if (key === 'new_email' && typeof value === 'string') change.email = value;
    else if (key === 'custom_profile_field' && value !== null && typeof value === 'object') {
      extra['profile_data'] = profileWith(current, value);
    } else extra[key] = value;
  }
  return { ...change, extra };
}

export function applyRealmUser({ store, log }: ApplyContext, ev: RealmUserEvent): Delta[] {
  // Of the sidebar's rows only the DM list names people; its people list asks the repo whom.
  const changed: Delta[] = [
    { kind: 'sidebarChanged', touched: { dms: true } },
    { kind: 'recordsChanged', areas: ['users'] },
  ];
  switch (ev.op) {
    case 'add':
      store.users.upsert(toStoredUser(ev.person));
      return changed;
    case 'update': {
      const current = store.users.get(ev.person.user_id);
      if (!current) {
        log.debug('realm_user update for an unknown user', { user_id: ev.person.user_id });
        return [];
      }
      const change = changeOf(ev.person as Person, current);
      store.users.patch(current.id, change);
      if (change.isActive === false && store.userGroups.removeUserEverywhere(current.id).length > 0) {
        changed.push({ kind: 'recordsChanged', areas: ['groups'] });
      }
      return changed;
    }
    case 'remove':
      // Sent to guests who lose access: keep the name for old messages, but not as active.
      return store.users.patch(ev.person.user_id, { isActive: false }) ? changed : [];
  }
}
