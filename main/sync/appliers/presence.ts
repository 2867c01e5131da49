/** presence events: someone came online (modern `presences` map, or one user's legacy `presence`). */
import type { PresenceEvent } from '../../api/schemas/presence';
import { foldLegacy, modernEntries } from '../../presence/convert';
import type { StoredPresence } from '../../store/repos/presence';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';

export function applyPresence({ store }: ApplyContext, ev: PresenceEvent): Delta[] {
  const repo = store.presence;
  let rows: StoredPresence[] = modernEntries(ev.presences);
  if (ev.presences === undefined && ev.user_id !== undefined && ev.presence) {
    const folded = foldLegacy(ev.user_id, ev.presence, repo.get(ev.user_id));
    rows = folded ? [folded] : [];
  }
  if (rows.length === 0) return [];
  repo.upsert(rows);
  return [{ kind: 'recordsChanged', areas: ['presence'] }];
}
