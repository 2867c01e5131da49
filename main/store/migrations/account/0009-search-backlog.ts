/**
 * Messages waiting to be put into the full-text index. Turning each message's HTML into words and
 * feeding FTS5 was half the cost of storing a fetched page, paid while the user waits for it; now a
 * write only notes the ID here, and the index catches up in the background (repos/search-index.ts).
 * A local word search first indexes whatever is still waiting, so it never misses a message.
 */
import type { Migration } from '../../migrate';

export const searchBacklog: Migration = {
  version: 9,
  name: 'search-backlog',
  up(db) {
    db.exec('CREATE TABLE search_backlog (message_id INTEGER PRIMARY KEY)');
  },
};
