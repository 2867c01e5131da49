/**
 * "Mark as unread from here" (Zulip's Shift+U): the chosen message and every later one in the
 * view turn unread. The cached ones turn unread at once; the server is asked with
 * POST /messages/flags/narrow (FL 155), walked from the message to the newest end, else, on an
 * older server, with POST /messages/flags for the IDs the cache knows. The server's
 * update_message_flags events (with message_details) then bring in the uncached ones.
 */
import type { Narrow } from '../../common/model';
import { supports, updateMessageFlagsForNarrow, type ApiClient, type ApiNarrow } from '../api';
import type { AccountStore } from '../store/account-store';
import { unreadEntryOf } from '../store/cache-messages';
import { NEWEST, narrowFilter } from '../store/narrows';
import { FLAG_BATCH, isMissingRoute, setFlagInBatches } from './mark-read';

/** A safety stop for the narrow walk (a million messages); the server ends it long before. */
const MAX_ROUNDS = 1000;

/** The cached messages of the narrow from `fromId` on that are read now, turned unread in the cache; their IDs. */
export function markCachedUnread(store: AccountStore, narrow: Narrow, fromId: number, selfUserId: number): number[] {
  const ids = store.messages.idsIn(narrowFilter(narrow, selfUserId), fromId, NEWEST);
  const entries = store.messages
    .getByIds(ids)
    .filter((m) => m.read)
    .map(unreadEntryOf);
  store.transaction(() => store.unreads.add(entries));
  return entries.map((e) => e.messageId);
}

/** Removes the read flag on the server from `fromId` (included) to the newest message of the narrow. */
export async function markUnreadOnServer(
  client: ApiClient,
  featureLevel: number,
  apiNarrow: ApiNarrow,
  fromId: number,
  knownIds: readonly number[],
): Promise<void> {
  if (supports(featureLevel, 'flagsForNarrow')) {
    try {
      let anchor = fromId;
      let includeAnchor = true;
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const r = await updateMessageFlagsForNarrow(client, {
          anchor,
          include_anchor: includeAnchor,
          num_before: 0,
          num_after: FLAG_BATCH,
          narrow: apiNarrow,
          op: 'remove',
          flag: 'read',
        });
        if (r.found_newest || r.last_processed_id === null) return;
        anchor = r.last_processed_id;
        includeAnchor = false;
      }
      return;
    } catch (e) {
      if (!isMissingRoute(e)) throw e;
    }
  }
  await setFlagInBatches(client, knownIds, 'remove', 'read');
}
