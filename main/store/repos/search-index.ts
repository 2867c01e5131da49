/**
 * Writes of the full-text index (message_text, FTS5, contentless): one row per cached message,
 * rowid = message ID, columns topic and body (the rendered HTML's words). MessagesRepo calls
 * this on every insert, edit, move and delete; queries live in ./search.ts.
 */
import { messageText, type MessageText } from '../../search/message-text';
import type { Db } from '../db';

export class SearchIndex {
  readonly #put;
  readonly #remove;

  constructor(db: Db) {
    // contentless_delete tables accept INSERT OR REPLACE, which is how a row is rewritten.
    this.#put = db.prepare('INSERT OR REPLACE INTO message_text (rowid, topic, body) VALUES (?, ?, ?)');
    this.#remove = db.prepare('DELETE FROM message_text WHERE rowid = ?');
  }

  /** Indexes a message's topic and HTML; returns what the HTML holds (has:link is stored beside it). */
  put(id: number, topic: string, html: string): MessageText {
    const t = messageText(html);
    this.#put.run(id, topic, t.text);
    return t;
  }

  putText(id: number, topic: string, text: string): void {
    this.#put.run(id, topic, text);
  }

  remove(id: number): void {
    this.#remove.run(id);
  }
}
