import type { Database } from 'better-sqlite3';

export interface NavigationViewRow {
  user_id: number;
  fragment: string;
  is_pinned: number;
  name: string | null;
  position: number;
}

/** A user's left-sidebar views: built-in ones they pinned or unpinned, and named custom ones. */
export class NavigationViewsRepo {
  private readonly selectForUser;
  private readonly selectOne;
  private readonly selectByName;
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly deleteStmt;

  constructor(db: Database) {
    this.selectForUser = db.prepare<[number], NavigationViewRow>(
      'SELECT * FROM navigation_views WHERE user_id = ? ORDER BY position',
    );
    this.selectOne = db.prepare<[number, string], NavigationViewRow>(
      'SELECT * FROM navigation_views WHERE user_id = ? AND fragment = ?',
    );
    this.selectByName = db.prepare<[number, string], NavigationViewRow>(
      'SELECT * FROM navigation_views WHERE user_id = ? AND name = ?',
    );
    this.insertStmt = db.prepare<[number, string, number, string | null, number]>(
      `INSERT INTO navigation_views (user_id, fragment, is_pinned, name, position)
       VALUES (?, ?, ?, ?, (SELECT coalesce(max(position), 0) + 1 FROM navigation_views WHERE user_id = ?))`,
    );
    this.updateStmt = db.prepare<[number, string | null, number, string]>(
      'UPDATE navigation_views SET is_pinned = ?, name = ? WHERE user_id = ? AND fragment = ?',
    );
    this.deleteStmt = db.prepare<[number, string]>('DELETE FROM navigation_views WHERE user_id = ? AND fragment = ?');
  }

  forUser(userId: number): NavigationViewRow[] {
    return this.selectForUser.all(userId);
  }

  get(userId: number, fragment: string): NavigationViewRow | undefined {
    return this.selectOne.get(userId, fragment);
  }

  byName(userId: number, name: string): NavigationViewRow | undefined {
    return this.selectByName.get(userId, name);
  }

  insert(userId: number, fragment: string, isPinned: boolean, name: string | null): NavigationViewRow {
    this.insertStmt.run(userId, fragment, isPinned ? 1 : 0, name, userId);
    return this.get(userId, fragment)!;
  }

  update(userId: number, fragment: string, isPinned: boolean, name: string | null): void {
    this.updateStmt.run(isPinned ? 1 : 0, name, userId, fragment);
  }

  delete(userId: number, fragment: string): void {
    this.deleteStmt.run(userId, fragment);
  }
}
