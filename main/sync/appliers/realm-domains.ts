/** realm_domains events: one allowed sign-up domain added, changed (allow_subdomains) or removed. */
import type { RealmDomainsEvent } from '../../api/schemas/record-events';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';
import { REALM_DOMAINS_KEY, storedRealmDomains, withRealmDomain } from '../convert-realm-domains';

export function applyRealmDomains({ store }: ApplyContext, ev: RealmDomainsEvent): Delta[] {
  const list = storedRealmDomains(store.realm.get(REALM_DOMAINS_KEY));
  const next = ev.op === 'remove' ? list.filter((d) => d.domain !== ev.domain) : withRealmDomain(list, ev.realm_domain);
  store.realm.set(REALM_DOMAINS_KEY, next);
  return [{ kind: 'recordsChanged', areas: ['realmDomains'] }];
}
