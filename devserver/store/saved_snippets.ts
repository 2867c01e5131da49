import type { Database } from 'better-sqlite3';

export interface SavedSnippetRow {
  id: number;
  user_id: number;
  title: string;
  content: string;
  date_created: number;
}

/** A user's saved snippets: reusable message text with a title. */
export class SavedSnippetsRepo {
  private readonly selectForUser;
  private readonly selectOne;
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly deleteStmt;

  constructor(db: Database) {
    this.selectForUser = db.prepare<[number], SavedSnippetRow>(
      'SELECT * FROM saved_snippets WHERE user_id = ? ORDER BY id',
    );
    this.selectOne = db.prepare<[number, number], SavedSnippetRow>(
      'SELECT * FROM saved_snippets WHERE id = ? AND user_id = ?',
    );
    this.insertStmt = db.prepare<[number, string, string, number]>(
      'INSERT INTO saved_snippets (user_id, title, content, date_created) VALUES (?, ?, ?, ?)',
    );
    this.updateStmt = db.prepare<[string, string, number]>(
      'UPDATE saved_snippets SET title = ?, content = ? WHERE id = ?',
    );
    this.deleteStmt = db.prepare<[number]>('DELETE FROM saved_snippets WHERE id = ?');
  }

  forUser(userId: number): SavedSnippetRow[] {
    return this.selectForUser.all(userId);
  }

  /** One of the user's snippets; someone else's is reported as missing. */
  get(userId: number, id: number): SavedSnippetRow | undefined {
    return this.selectOne.get(id, userId);
  }

  insert(userId: number, title: string, content: string, dateCreated: number): SavedSnippetRow {
    const result = this.insertStmt.run(userId, title, content, dateCreated);
    return this.get(userId, Number(result.lastInsertRowid))!;
  }

  update(row: SavedSnippetRow, title: string, content: string): SavedSnippetRow {
    this.updateStmt.run(title, content, row.id);
    return { ...row, title, content };
  }

  delete(id: number): void {
    this.deleteStmt.run(id);
  }
}
