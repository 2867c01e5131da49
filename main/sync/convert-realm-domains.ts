/**
 * The organization's allowed sign-up domains are kept in the realm key/value table under one key
 * (a short list), so they need no table of their own; events change it one domain at a time.
 */
import type { RealmDomainView } from '../../common/model-records';
import type { RealmDomain } from '../api/schemas/records';

export const REALM_DOMAINS_KEY = 'realm_domains';

const byName = (a: RealmDomainView, b: RealmDomainView): number => a.domain.localeCompare(b.domain);

export function toStoredRealmDomains(list: readonly RealmDomain[]): RealmDomainView[] {
  return list.map((d) => ({ domain: d.domain, allowSubdomains: d.allow_subdomains })).sort(byName);
}

/** What the cache holds, read defensively (an older cache has nothing under the key). */
export function storedRealmDomains(value: unknown): RealmDomainView[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (d): d is RealmDomainView =>
      typeof d === 'object' &&
      d !== null &&
      typeof (d as RealmDomainView).domain === 'string' &&
      typeof (d as RealmDomainView).allowSubdomains === 'boolean',
  );
}

/** The list with this domain added or replaced. */
export function withRealmDomain(list: readonly RealmDomainView[], domain: RealmDomain): RealmDomainView[] {
  const rest = list.filter((d) => d.domain !== domain.domain);
  return [...rest, ...toStoredRealmDomains([domain])].sort(byName);
}
