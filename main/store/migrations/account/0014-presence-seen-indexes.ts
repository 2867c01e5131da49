/**
 * Presence judged by what can have moved: the rows whose active or idle time crosses the offline
 * threshold between two judgements are found by these indexes, not by reading all 30,000 rows
 * of a big organization on every heartbeat (records/presence-changes.ts).
 */
import type { Migration } from '../../migrate';

export const presenceSeenIndexes: Migration = {
  version: 14,
  name: 'presence-seen-indexes',
  up(db) {
    db.exec(`
      CREATE INDEX presence_active_timestamp ON presence (active_timestamp);
      CREATE INDEX presence_idle_timestamp ON presence (idle_timestamp);
    `);
  },
};
