/** The user's alert words, as the server last listed them (register, alert_words events). */
import type { Db } from '../db';

export class AlertWordsRepo {
  readonly #db: Db;
  readonly #insert;
  readonly #all;
  readonly #deleteAll;

  constructor(db: Db) {
    this.#db = db;
    this.#insert = db.prepare('INSERT INTO alert_words (word) VALUES (?)');
    this.#all = db.prepare('SELECT word FROM alert_words ORDER BY position').pluck();
    this.#deleteAll = db.prepare('DELETE FROM alert_words');
  }

  /**
   * The server always sends the whole list, so it replaces ours. A word listed twice (seen from
   * real servers after concurrent adds) is kept once: the list is a set to the user.
   */
  replaceAll(words: readonly string[]): void {
    this.#db.transaction(() => {
      this.#deleteAll.run();
      for (const word of new Set(words)) this.#insert.run(word);
    })();
  }

  all(): string[] {
    return this.#all.all() as string[];
  }
}
