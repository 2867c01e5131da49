/** Code playgrounds: where a code block of a language can be opened (url_template with {code}). */
import type { Db } from '../db';

export interface StoredPlayground {
  id: number;
  name: string;
  pygmentsLanguage: string;
  urlTemplate: string;
}

export class PlaygroundsRepo {
  readonly #db: Db;
  readonly #insert;
  readonly #all;
  readonly #deleteAll;

  constructor(db: Db) {
    this.#db = db;
    this.#insert = db.prepare(
      `INSERT INTO realm_playgrounds (id, name, pygments_language, url_template)
       VALUES (@id, @name, @pygmentsLanguage, @urlTemplate)`,
    );
    // A handful per organization: one page.
    this.#all = db.prepare(
      `SELECT id, name, pygments_language AS pygmentsLanguage, url_template AS urlTemplate
       FROM realm_playgrounds ORDER BY id`,
    );
    this.#deleteAll = db.prepare('DELETE FROM realm_playgrounds');
  }

  /** The server always sends the whole set (register and every realm_playgrounds event). */
  replaceAll(list: readonly StoredPlayground[]): void {
    this.#db.transaction(() => {
      this.#deleteAll.run();
      for (const p of list) this.#insert.run(p);
    })();
  }

  all(): StoredPlayground[] {
    return this.#all.all() as StoredPlayground[];
  }
}
