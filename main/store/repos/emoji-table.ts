/** The account's emoji name table from its server, with the URL it was fetched from (one row). */
import type { Db } from '../db';

export interface StoredEmojiTable {
  url: string;
  codeToNames: Record<string, string[]>;
}

export class EmojiTableRepo {
  readonly #get;
  readonly #set;
  readonly #clear;

  constructor(db: Db) {
    this.#get = db.prepare('SELECT url, code_to_names FROM emoji_table WHERE id = 1');
    this.#set = db.prepare(
      `INSERT INTO emoji_table (id, url, code_to_names) VALUES (1, ?, ?)
       ON CONFLICT (id) DO UPDATE SET url = excluded.url, code_to_names = excluded.code_to_names`,
    );
    this.#clear = db.prepare('DELETE FROM emoji_table');
  }

  get(): StoredEmojiTable | null {
    const row = this.#get.get() as { url: string; code_to_names: string } | undefined;
    if (!row) return null;
    try {
      return { url: row.url, codeToNames: JSON.parse(row.code_to_names) as Record<string, string[]> };
    } catch {
      // A damaged row is as good as none: the table is fetched again at the next register.
      return null;
    }
  }

  set(table: StoredEmojiTable): void {
    this.#set.run(table.url, JSON.stringify(table.codeToNames));
  }

  clear(): void {
    this.#clear.run();
  }
}
