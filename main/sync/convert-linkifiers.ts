/**
 * The organization's linkifiers are kept in the realm key/value table under one key (a short
 * list, always replaced whole), so they need no table of their own.
 */
import type { LinkifierView } from '../../common/model';
import type { RealmLinkifier } from '../api/schemas/records';

export const LINKIFIERS_KEY = 'realm_linkifiers';

export function toStoredLinkifiers(list: readonly RealmLinkifier[]): LinkifierView[] {
  return list.map((l) => ({ pattern: l.pattern, urlTemplate: l.url_template }));
}

/** What the cache holds, read defensively (an older cache has nothing under the key). */
export function storedLinkifiers(value: unknown): LinkifierView[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (l): l is LinkifierView =>
      typeof l === 'object' &&
      l !== null &&
      typeof (l as LinkifierView).pattern === 'string' &&
      typeof (l as LinkifierView).urlTemplate === 'string',
  );
}
