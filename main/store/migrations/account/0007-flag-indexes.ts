/**
 * Partial indexes over messages.other_flags for the search operators is:mentioned and is:alerted,
 * so either can drive a search alone without scanning the messages table. The flags stay a JSON
 * array; an index holds only the rows whose array has the flag, and SQLite keeps it current on
 * every insert and update, so no writer has to change.
 *
 * A query uses a partial index only when its WHERE repeats the index's condition, so the search
 * repo builds its conditions with `flagCondition` and these same needles.
 */
import type { Migration } from '../../migrate';

/**
 * Every mention flag ends the JSON string this way: mentioned, wildcard_mentioned,
 * stream_wildcard_mentioned and topic_wildcard_mentioned (Zulip's is:mentioned covers them all).
 */
export const MENTION_NEEDLE = 'mentioned"';
export const ALERT_WORD_NEEDLE = '"has_alert_word"';

/** SQL true when the flags column (JSON text) contains the needle. */
export function flagCondition(column: string, needle: string): string {
  return `instr(${column}, '${needle}') > 0`;
}

export const flagIndexes: Migration = {
  version: 7,
  name: 'flag-indexes',
  up(db) {
    db.exec(`
      CREATE INDEX messages_mentioned ON messages (id) WHERE ${flagCondition('other_flags', MENTION_NEEDLE)};
      CREATE INDEX messages_alerted ON messages (id) WHERE ${flagCondition('other_flags', ALERT_WORD_NEEDLE)};
    `);
  },
};
