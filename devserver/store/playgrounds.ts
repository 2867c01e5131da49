import type { Database } from 'better-sqlite3';

export interface PlaygroundRow {
  id: number;
  name: string;
  pygments_language: string;
  url_template: string;
}

/** Code playgrounds: where a code block of a language can be opened ("view in playground"). */
export class PlaygroundsRepo {
  private readonly selectAll;
  private readonly selectOne;
  private readonly selectSame;
  private readonly insertStmt;
  private readonly deleteStmt;

  constructor(db: Database) {
    this.selectAll = db.prepare<[], PlaygroundRow>('SELECT * FROM realm_playgrounds ORDER BY id');
    this.selectOne = db.prepare<[number], PlaygroundRow>('SELECT * FROM realm_playgrounds WHERE id = ?');
    this.selectSame = db.prepare<[string, string], PlaygroundRow>(
      'SELECT * FROM realm_playgrounds WHERE pygments_language = ? AND name = ?',
    );
    this.insertStmt = db.prepare<[string, string, string]>(
      'INSERT INTO realm_playgrounds (name, pygments_language, url_template) VALUES (?, ?, ?)',
    );
    this.deleteStmt = db.prepare<[number]>('DELETE FROM realm_playgrounds WHERE id = ?');
  }

  all(): PlaygroundRow[] {
    return this.selectAll.all();
  }

  get(id: number): PlaygroundRow | undefined {
    return this.selectOne.get(id);
  }

  /** A playground with this language and name already, which Zulip refuses to duplicate. */
  find(pygmentsLanguage: string, name: string): PlaygroundRow | undefined {
    return this.selectSame.get(pygmentsLanguage, name);
  }

  insert(name: string, pygmentsLanguage: string, urlTemplate: string): number {
    return Number(this.insertStmt.run(name, pygmentsLanguage, urlTemplate).lastInsertRowid);
  }

  delete(id: number): void {
    this.deleteStmt.run(id);
  }
}
