import type { Database } from 'better-sqlite3';

/**
 * Each user's alert words, in the order they were added. Words are compared without regard to
 * case (JavaScript's toLowerCase, like Zulip's Python lower()), and kept as the user typed them.
 */
export class AlertWordsRepo {
  private readonly selectForUser;
  private readonly selectAll;
  private readonly insertStmt;
  private readonly deleteStmt;

  constructor(private readonly db: Database) {
    this.selectForUser = db.prepare<[number], { id: number; word: string }>(
      'SELECT id, word FROM alert_words WHERE user_id = ? ORDER BY id',
    );
    this.selectAll = db.prepare<[], { user_id: number; word: string }>(
      'SELECT user_id, word FROM alert_words ORDER BY id',
    );
    this.insertStmt = db.prepare<[number, string]>('INSERT INTO alert_words (user_id, word) VALUES (?, ?)');
    this.deleteStmt = db.prepare<[number]>('DELETE FROM alert_words WHERE id = ?');
  }

  forUser(userId: number): string[] {
    return this.selectForUser.all(userId).map((row) => row.word);
  }

  /** Every user's words, for matching a new message against its receivers. */
  byUser(): Map<number, string[]> {
    const out = new Map<number, string[]>();
    for (const row of this.selectAll.all()) {
      const words = out.get(row.user_id);
      if (words) words.push(row.word);
      else out.set(row.user_id, [row.word]);
    }
    return out;
  }

  /** Adds the words the user does not have yet (the first spelling of a repeated word wins). */
  add(userId: number, words: readonly string[]): void {
    const known = new Set(this.forUser(userId).map((word) => word.toLowerCase()));
    this.db.transaction(() => {
      for (const word of words) {
        if (known.has(word.toLowerCase())) continue;
        known.add(word.toLowerCase());
        this.insertStmt.run(userId, word);
      }
    })();
  }

  /** Removes the words that match, whatever their case; others are ignored. */
  remove(userId: number, words: readonly string[]): void {
    const gone = new Set(words.map((word) => word.toLowerCase()));
    this.db.transaction(() => {
      for (const row of this.selectForUser.all(userId)) {
        if (gone.has(row.word.toLowerCase())) this.deleteStmt.run(row.id);
      }
    })();
  }
}
