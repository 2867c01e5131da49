import { FLAG_BITS } from '../store/flags';
import type { ChannelRow } from '../store/rows';
import { ROLE } from '../store/rows';
import type { Store } from '../store/store';

export interface AccessChange {
  /** Users for whom the moved messages are gone: they get delete_message events. */
  losingAccess: Set<number>;
}

/**
 * The per-user rows after messages move to another channel, as Zulip does it: everyone who ever
 * subscribed to the old channel but is not subscribed to the new one loses their rows; those of
 * them who can no longer read the messages at all (everyone, for a private destination; guests
 * otherwise) lose access. A destination without shared history gives each of its subscribers a
 * (read) row, since being subscribed when the message arrives is what grants access there.
 */
export function moveAcrossChannels(
  store: Store,
  from: ChannelRow,
  to: ChannelRow,
  ids: readonly number[],
): AccessChange {
  const everSubscribed = store.db
    .prepare<[number], { user_id: number }>('SELECT user_id FROM subscriptions WHERE channel_id = ?')
    .all(from.id)
    .map((row) => row.user_id);
  const current = new Set(
    store.db
      .prepare<[number], { user_id: number }>('SELECT user_id FROM subscriptions WHERE channel_id = ? AND active = 1')
      .all(to.id)
      .map((row) => row.user_id),
  );
  const losingRows = everSubscribed.filter((id) => !current.has(id));
  const losingAccess = new Set(
    to.invite_only === 1 ? losingRows : losingRows.filter((id) => store.users.byId(id)?.role === ROLE.guest),
  );
  store.transaction(() => {
    for (const userId of losingRows) for (const id of ids) store.messageChanges.removeReceiver(userId, id);
    if (to.history_public_to_subscribers === 0) {
      for (const userId of current) {
        const have = store.messages.flagsFor(userId, ids);
        for (const id of ids) if (!have.has(id)) store.messageChanges.setFlags(userId, id, FLAG_BITS.read);
      }
    }
  });
  return { losingAccess };
}
