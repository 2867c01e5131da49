/**
 * The unread total and mention count, kept by triggers in one row, and a version of the per-DM
 * counts (migration 8) that changes whenever any of them does. Every incoming message publishes
 * the unread summary: summing every topic's count grew with the number of topics, and rebuilding
 * the DM counts cost more than the rest of the summary although a channel message never changes
 * them (the summary keeps them until the version moves: accounts/unread-counts.ts).
 */
import type { Migration } from '../../migrate';

export const bumpDmVersion = 'UPDATE unread_totals SET dm_version = dm_version + 1 WHERE id = 1;';

export const unreadTotals: Migration = {
  version: 10,
  name: 'unread-totals',
  up(db) {
    db.exec(`
      CREATE TABLE unread_totals (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        total INTEGER NOT NULL,
        mentions INTEGER NOT NULL,
        dm_version INTEGER NOT NULL
      );
      INSERT INTO unread_totals (id, total, mentions, dm_version) VALUES (
        1, (SELECT count(*) FROM unreads), (SELECT count(*) FROM unreads WHERE mentioned = 1), 0);

      CREATE TRIGGER unread_totals_insert AFTER INSERT ON unreads BEGIN
        UPDATE unread_totals SET total = total + 1, mentions = mentions + (NEW.mentioned = 1) WHERE id = 1;
      END;
      CREATE TRIGGER unread_totals_delete AFTER DELETE ON unreads BEGIN
        UPDATE unread_totals SET total = total - 1, mentions = mentions - (OLD.mentioned = 1) WHERE id = 1;
      END;
      CREATE TRIGGER unread_totals_mentioned AFTER UPDATE OF mentioned ON unreads BEGIN
        UPDATE unread_totals SET mentions = mentions - (OLD.mentioned = 1) + (NEW.mentioned = 1) WHERE id = 1;
      END;

      -- Fired by migration 8's triggers, which keep the DM counts.
      CREATE TRIGGER unread_dm_counts_version_insert AFTER INSERT ON unread_dm_counts BEGIN ${bumpDmVersion} END;
      CREATE TRIGGER unread_dm_counts_version_update AFTER UPDATE ON unread_dm_counts BEGIN ${bumpDmVersion} END;
      CREATE TRIGGER unread_dm_counts_version_delete AFTER DELETE ON unread_dm_counts BEGIN ${bumpDmVersion} END;
    `);
  },
};
