/** Saved snippets (FL 297): reusable message texts, in the order they were created. */
import type { Db } from '../db';
import { keyedPage, type KeyedPage } from './paging';

export interface StoredSnippet {
  id: number;
  title: string;
  content: string;
  dateCreated: number;
}

const COLUMNS = 'id, title, content, date_created AS dateCreated';

export class SavedSnippetsRepo {
  readonly #db: Db;
  readonly #upsert;
  readonly #get;
  readonly #page;
  readonly #remove;
  readonly #deleteAll;

  constructor(db: Db) {
    this.#db = db;
    this.#upsert = db.prepare(
      `INSERT INTO saved_snippets (id, title, content, date_created) VALUES (@id, @title, @content, @dateCreated)
       ON CONFLICT (id) DO UPDATE SET title = excluded.title, content = excluded.content,
         date_created = excluded.date_created`,
    );
    this.#get = db.prepare(`SELECT ${COLUMNS} FROM saved_snippets WHERE id = ?`);
    this.#page = db.prepare(`SELECT ${COLUMNS} FROM saved_snippets WHERE id > ? ORDER BY id LIMIT ?`);
    this.#remove = db.prepare('DELETE FROM saved_snippets WHERE id = ?');
    this.#deleteAll = db.prepare('DELETE FROM saved_snippets');
  }

  replaceAll(list: readonly StoredSnippet[]): void {
    this.#db.transaction(() => {
      this.#deleteAll.run();
      for (const s of list) this.upsert(s);
    })();
  }

  upsert(s: StoredSnippet): void {
    this.#upsert.run(s);
  }

  get(id: number): StoredSnippet | null {
    return (this.#get.get(id) as StoredSnippet | undefined) ?? null;
  }

  /** Oldest first; `afterId` is the last ID of the previous page. */
  page(afterId: number | null, limit: number): KeyedPage<StoredSnippet> {
    const rows = this.#page.all(afterId ?? -1, limit + 1) as StoredSnippet[];
    return keyedPage(
      rows,
      limit,
      (r) => r,
      (r) => [r.id],
    );
  }

  remove(id: number): boolean {
    return this.#remove.run(id).changes > 0;
  }
}
