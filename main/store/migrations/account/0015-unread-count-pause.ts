/**
 * A switch that pauses the unread-count triggers of migrations 8 and 10 for a bulk write, which
 * then counts every conversation again in one grouping (UnreadsRepo.inBulk). A cold first sync of
 * a big organization writes its 45,000 unread rows in one statement, and the triggers' two or
 * three writes per row made that statement cost more than half a second of the core's thread,
 * with every call from the page waiting behind it. The triggers are the same as before, each with
 * the switch added to its WHEN clause; the switch is a row of the account file, so a pause is
 * part of the writer's transaction and a rolled-back bulk write leaves it off.
 */
import type { Migration } from '../../migrate';
import { addDm, addTopic, refreshDm, refreshTopic } from './0008-unread-counts';
import { bumpDmVersion } from './0010-unread-totals';

const RUNNING = 'NOT (SELECT paused FROM unread_count_pause WHERE id = 1)';

/** Each trigger of migrations 8 and 10: its event, its own condition (or none) and its body. */
const TRIGGERS: ReadonlyArray<{ name: string; on: string; when: string | null; body: string }> = [
  { name: 'unread_counts_insert_topic', on: 'INSERT ON unreads', when: 'NEW.channel_id IS NOT NULL', body: addTopic },
  { name: 'unread_counts_insert_dm', on: 'INSERT ON unreads', when: 'NEW.dm_key IS NOT NULL', body: addDm },
  {
    name: 'unread_counts_delete_topic',
    on: 'DELETE ON unreads',
    when: 'OLD.channel_id IS NOT NULL',
    body: refreshTopic('OLD.channel_id', 'OLD.topic_key'),
  },
  {
    name: 'unread_counts_delete_dm',
    on: 'DELETE ON unreads',
    when: 'OLD.dm_key IS NOT NULL',
    body: refreshDm('OLD.dm_key'),
  },
  {
    name: 'unread_counts_update_topic',
    on: 'UPDATE OF channel_id, topic_key, topic, dm_key ON unreads',
    when: 'OLD.channel_id IS NOT NULL',
    body: refreshTopic('OLD.channel_id', 'OLD.topic_key'),
  },
  {
    name: 'unread_counts_update_dm',
    on: 'UPDATE OF channel_id, topic_key, topic, dm_key ON unreads',
    when: 'OLD.dm_key IS NOT NULL',
    body: refreshDm('OLD.dm_key'),
  },
  {
    name: 'unread_counts_update_new_topic',
    on: 'UPDATE OF channel_id, topic_key, topic, dm_key ON unreads',
    when: 'NEW.channel_id IS NOT NULL',
    body: addTopic,
  },
  {
    name: 'unread_counts_update_new_dm',
    on: 'UPDATE OF channel_id, topic_key, topic, dm_key ON unreads',
    when: 'NEW.dm_key IS NOT NULL',
    body: addDm,
  },
  {
    name: 'unread_totals_insert',
    on: 'INSERT ON unreads',
    when: null,
    body: 'UPDATE unread_totals SET total = total + 1, mentions = mentions + (NEW.mentioned = 1) WHERE id = 1;',
  },
  {
    name: 'unread_totals_delete',
    on: 'DELETE ON unreads',
    when: null,
    body: 'UPDATE unread_totals SET total = total - 1, mentions = mentions - (OLD.mentioned = 1) WHERE id = 1;',
  },
  {
    name: 'unread_totals_mentioned',
    on: 'UPDATE OF mentioned ON unreads',
    when: null,
    body: 'UPDATE unread_totals SET mentions = mentions - (OLD.mentioned = 1) + (NEW.mentioned = 1) WHERE id = 1;',
  },
  { name: 'unread_dm_counts_version_insert', on: 'INSERT ON unread_dm_counts', when: null, body: bumpDmVersion },
  { name: 'unread_dm_counts_version_update', on: 'UPDATE ON unread_dm_counts', when: null, body: bumpDmVersion },
  { name: 'unread_dm_counts_version_delete', on: 'DELETE ON unread_dm_counts', when: null, body: bumpDmVersion },
];

export const unreadCountPause: Migration = {
  version: 15,
  name: 'unread-count-pause',
  up(db) {
    db.exec(`
      CREATE TABLE unread_count_pause (id INTEGER PRIMARY KEY CHECK (id = 1), paused INTEGER NOT NULL);
      INSERT INTO unread_count_pause (id, paused) VALUES (1, 0);`);
    for (const t of TRIGGERS) {
      const when = t.when === null ? RUNNING : `${t.when} AND ${RUNNING}`;
      db.exec(`DROP TRIGGER ${t.name}; CREATE TRIGGER ${t.name} AFTER ${t.on} WHEN ${when} BEGIN ${t.body} END;`);
    }
  },
};
