/**
 * realm events: organization settings changed. Both forms are stored the way register names
 * them (realm_<property>): `update` carries one property, `update_dict` several.
 */
import type { RealmEvent } from '../../api/schemas/record-events';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';

/** Register names realm settings realm_<name>; events drop the prefix. */
export function realmKey(property: string): string {
  return property.startsWith('realm_') ? property : `realm_${property}`;
}

export function applyRealm({ store, log }: ApplyContext, ev: RealmEvent): Delta[] {
  switch (ev.op) {
    case 'update':
      store.realm.set(realmKey(ev.property), ev.value);
      break;
    case 'update_dict':
      for (const [key, value] of Object.entries(ev.data)) store.realm.set(realmKey(key), value);
      break;
    case 'deactivated':
      // Not reliable on its own; the next request fails with REALM_DEACTIVATED and signs the account out.
      log.info('the server says this organization was deactivated');
      return [];
  }
  // The organization name and the empty-topic name show in the sidebar.
  return [{ kind: 'recordsChanged', areas: ['realm'] }, { kind: 'sidebarChanged' }];
}
