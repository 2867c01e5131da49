/**
 * drafts events from the user's other clients (and echoes of our own pushes). A draft is
 * matched to our row by its server ID. A local edit newer than the server's version wins (it
 * is still to be pushed); a deletion by another client removes the draft here too.
 */
import type { Draft } from '../../api/schemas/records';
import type { DraftsEvent } from '../../api/schemas/record-events';
import type { AccountStore } from '../../store/account-store';
import { serverDraftKey, toStoredDraft } from '../convert-records';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';

/** Takes the server's version of a draft unless ours is newer. Returns whether the row changed. */
export function mergeServerDraft(store: AccountStore, d: Draft): boolean {
  const mine = store.drafts.byServerId(d.id);
  if (!mine) {
    store.drafts.upsert(toStoredDraft(d, serverDraftKey(d.id)));
    return true;
  }
  // Our unsent edit (or deletion) is at least as new: it stands, and will overwrite the server's.
  if (mine.state !== 'synced' && mine.timestamp >= Math.floor(d.timestamp)) return false;
  store.drafts.upsert(toStoredDraft(d, mine.localKey));
  return true;
}

export function applyDrafts({ store }: ApplyContext, ev: DraftsEvent): Delta[] {
  let changed = false;
  switch (ev.op) {
    case 'add':
      for (const d of ev.drafts) changed = mergeServerDraft(store, d) || changed;
      break;
    case 'update':
      changed = mergeServerDraft(store, ev.draft);
      break;
    case 'remove': {
      const mine = store.drafts.byServerId(ev.draft_id);
      changed = mine !== null && store.drafts.remove(mine.localKey);
      break;
    }
  }
  return changed ? [{ kind: 'recordsChanged', areas: ['drafts'] }] : [];
}
