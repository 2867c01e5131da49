/**
 * realm_user events. An update carries one of several partial forms (name, avatar, role,
 * email, activity, profile field, ...); known fields go to their columns, the rest to extra.
 */
import type { RealmUserEvent } from '../../api';
import type { StoredUser } from '../../store/repos/users';
import { toStoredUser } from '../convert';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';

type Person = Record<string, unknown> & { user_id: number };

function changeOf(person: Person, current: StoredUser): Partial<Omit<StoredUser, 'id'>> {
  const change: Partial<Omit<StoredUser, 'id'>> = {};
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(person)) {
    if (key === 'user_id') continue;
    if (key === 'full_name' && typeof value === 'string') change.fullName = value;
    else if (key === 'avatar_url' && (typeof value === 'string' || value === null)) change.avatarUrl = value;
    else if (key === 'role' && typeof value === 'number') change.role = value;
    else if (key === 'is_active' && typeof value === 'boolean') change.isActive = value;
    else if (key === 'new_email' && typeof value === 'string') change.email = value;
    else if (key === 'custom_profile_field' && value !== null && typeof value === 'object') {
      const field = value as { id?: unknown; value?: unknown; rendered_value?: unknown };
      const profile = { ...(current.extra['profile_data'] as Record<string, unknown> | undefined) };
      if (field.value === null || field.value === undefined) delete profile[String(field.id)];
      else profile[String(field.id)] = { value: field.value, rendered_value: field.rendered_value };
      extra['profile_data'] = profile;
    } else extra[key] = value;
  }
  return { ...change, extra };
}

export function applyRealmUser({ store, log }: ApplyContext, ev: RealmUserEvent): Delta[] {
  switch (ev.op) {
    case 'add':
      store.users.upsert(toStoredUser(ev.person));
      return [{ kind: 'sidebarChanged' }];
    case 'update': {
      const current = store.users.get(ev.person.user_id);
      if (!current) {
        log.debug('realm_user update for an unknown user', { user_id: ev.person.user_id });
        return [];
      }
      store.users.patch(current.id, changeOf(ev.person as Person, current));
      return [{ kind: 'sidebarChanged' }];
    }
    case 'remove':
      // Sent to guests who lose access: keep the name for old messages, but not as active.
      store.users.patch(ev.person.user_id, { isActive: false });
      return [{ kind: 'sidebarChanged' }];
  }
}
