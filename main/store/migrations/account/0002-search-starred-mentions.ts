/**
 * Full-text search, starred messages and unread mentions.
 *
 * - message_text: an FTS5 index of each cached message's topic and plain text. Contentless (the
 *   HTML is already in messages), with contentless_delete so edits and deletes can replace rows.
 * - messages.has_link plus indexes for the search operators that can drive a query alone
 *   (sender:, has:link), so no search scans the messages table.
 * - starred: every starred message ID, cached or not (register's starred_messages).
 * - unreads.mentioned: unread messages that mention the user (directly or by wildcard).
 * Existing rows are back-filled, so an upgraded cache searches what it already holds.
 */
import { messageText } from '../../../search/message-text';
import type { Migration } from '../../migrate';

const MENTION_FLAGS = ['mentioned', 'wildcard_mentioned', 'stream_wildcard_mentioned', 'topic_wildcard_mentioned'];

export const searchStarredMentions: Migration = {
  version: 2,
  name: 'search-starred-mentions',
  up(db) {
    db.exec(`
      ALTER TABLE messages ADD COLUMN has_link INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX messages_by_sender ON messages (sender_id, id);
      CREATE INDEX messages_with_link ON messages (id) WHERE has_link = 1;

      CREATE VIRTUAL TABLE message_text USING fts5(
        topic, body, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
      );

      CREATE TABLE starred (message_id INTEGER PRIMARY KEY) STRICT;
      INSERT INTO starred (message_id) SELECT id FROM messages WHERE is_starred = 1;

      ALTER TABLE unreads ADD COLUMN mentioned INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX unreads_mentioned ON unreads (message_id) WHERE mentioned = 1;
    `);
    const setLink = db.prepare('UPDATE messages SET has_link = 1 WHERE id = ?');
    const index = db.prepare('INSERT INTO message_text (rowid, topic, body) VALUES (?, ?, ?)');
    // In pages: better-sqlite3 cannot write while a read is being iterated, and a big cache
    // should not be read into memory at once.
    const page = db.prepare('SELECT id, topic, content FROM messages WHERE id > ? ORDER BY id LIMIT 1000');
    for (let after = -1; ;) {
      const rows = page.all(after) as { id: number; topic: string; content: string }[];
      if (rows.length === 0) break;
      for (const row of rows) {
        const { text, hasLink } = messageText(row.content);
        index.run(row.id, row.topic, text);
        if (hasLink) setLink.run(row.id);
      }
      after = rows[rows.length - 1]!.id;
    }
    const flagged = MENTION_FLAGS.map((f) => `'${f}'`).join(', ');
    db.exec(`
      UPDATE unreads SET mentioned = 1 WHERE message_id IN (
        SELECT m.id FROM messages m, json_each(m.other_flags) f WHERE f.value IN (${flagged})
      );
    `);
  },
};
