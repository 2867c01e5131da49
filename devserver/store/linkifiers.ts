import type { Database } from 'better-sqlite3';

/**
 * The organization's linkifiers (Zulip's RealmFilter): a pattern (Python regex syntax, with
 * named groups) and the RFC 6570 URL template its matches become. Like EMOJI_SCHEMA, run on an
 * existing file of the same schema version too. `sort_order` is the order they apply in.
 */
export const LINKIFIERS_SCHEMA = `
CREATE TABLE IF NOT EXISTS realm_linkifiers (
  id INTEGER PRIMARY KEY,
  pattern TEXT NOT NULL,
  url_template TEXT NOT NULL,
  sort_order INTEGER NOT NULL
);
`;

export interface LinkifierRow {
  id: number;
  pattern: string;
  url_template: string;
}

export class LinkifiersRepo {
  private readonly selectAll;
  private readonly selectOne;
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly deleteStmt;

  constructor(db: Database) {
    this.selectAll = db.prepare<[], LinkifierRow>(
      'SELECT id, pattern, url_template FROM realm_linkifiers ORDER BY sort_order, id',
    );
    this.selectOne = db.prepare<[number], LinkifierRow>(
      'SELECT id, pattern, url_template FROM realm_linkifiers WHERE id = ?',
    );
    this.insertStmt = db.prepare<[string, string]>(
      `INSERT INTO realm_linkifiers (pattern, url_template, sort_order)
       VALUES (?, ?, (SELECT COALESCE(MAX(sort_order), 0) + 1 FROM realm_linkifiers))`,
    );
    this.updateStmt = db.prepare<[string, string, number]>(
      'UPDATE realm_linkifiers SET pattern = ?, url_template = ? WHERE id = ?',
    );
    this.deleteStmt = db.prepare<[number]>('DELETE FROM realm_linkifiers WHERE id = ?');
  }

  all(): LinkifierRow[] {
    return this.selectAll.all();
  }

  get(id: number): LinkifierRow | undefined {
    return this.selectOne.get(id);
  }

  insert(pattern: string, urlTemplate: string): number {
    return Number(this.insertStmt.run(pattern, urlTemplate).lastInsertRowid);
  }

  update(id: number, pattern: string, urlTemplate: string): void {
    this.updateStmt.run(pattern, urlTemplate, id);
  }

  delete(id: number): void {
    this.deleteStmt.run(id);
  }
}
