/**
 * The account's emoji name table from its server, with the URL it was fetched from (one row),
 * and the organization's custom emoji.
 */
import type { Db } from '../db';

export interface StoredEmojiTable {
  url: string;
  codeToNames: Record<string, string[]>;
}

/** A custom emoji as the server describes it (source_url may be relative to the organization). */
export interface StoredCustomEmoji {
  id: string;
  name: string;
  sourceUrl: string;
  deactivated: boolean;
}

export class EmojiTableRepo {
  readonly #db: Db;
  readonly #get;
  readonly #set;
  readonly #clear;
  readonly #custom;
  readonly #clearCustom;
  readonly #addCustom;

  constructor(db: Db) {
    this.#db = db;
    this.#custom = db.prepare('SELECT id, name, source_url, deactivated FROM realm_emoji ORDER BY name, id');
    this.#clearCustom = db.prepare('DELETE FROM realm_emoji');
    this.#addCustom = db.prepare('INSERT INTO realm_emoji (id, name, source_url, deactivated) VALUES (?, ?, ?, ?)');
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

  customEmoji(): StoredCustomEmoji[] {
    const rows = this.#custom.all() as { id: string; name: string; source_url: string; deactivated: number }[];
    return rows.map((r) => ({ id: r.id, name: r.name, sourceUrl: r.source_url, deactivated: r.deactivated !== 0 }));
  }

  /** Replaces the whole set (register and every realm_emoji event carry all of them). */
  replaceCustomEmoji(emoji: readonly StoredCustomEmoji[]): void {
    this.#db.transaction(() => {
      this.#clearCustom.run();
      for (const e of emoji) this.#addCustom.run(e.id, e.name, e.sourceUrl, e.deactivated ? 1 : 0);
    })();
  }
}
