/** Navigation views (FL 390): built-in views the user pinned or hid, and named custom views. */
import type { Db } from '../db';

export interface StoredNavigationView {
  fragment: string;
  isPinned: boolean;
  /** Null for built-in views. */
  name: string | null;
}

interface ViewRow {
  fragment: string;
  is_pinned: number;
  name: string | null;
}

function toView(r: ViewRow): StoredNavigationView {
  return { fragment: r.fragment, isPinned: r.is_pinned === 1, name: r.name };
}

export class NavigationViewsRepo {
  readonly #db: Db;
  readonly #insert;
  readonly #update;
  readonly #get;
  readonly #all;
  readonly #remove;
  readonly #deleteAll;
  readonly #nextPosition;

  constructor(db: Db) {
    this.#db = db;
    this.#insert = db.prepare(
      `INSERT INTO navigation_views (fragment, is_pinned, name, position) VALUES (@fragment, @isPinned, @name, @position)
       ON CONFLICT (fragment) DO UPDATE SET is_pinned = excluded.is_pinned, name = excluded.name`,
    );
    this.#update = db.prepare(
      'UPDATE navigation_views SET is_pinned = @isPinned, name = @name WHERE fragment = @fragment',
    );
    this.#get = db.prepare('SELECT fragment, is_pinned, name FROM navigation_views WHERE fragment = ?');
    // A user has a handful of views, so the list is one page.
    this.#all = db.prepare('SELECT fragment, is_pinned, name FROM navigation_views ORDER BY position');
    this.#remove = db.prepare('DELETE FROM navigation_views WHERE fragment = ?');
    this.#deleteAll = db.prepare('DELETE FROM navigation_views');
    this.#nextPosition = db.prepare('SELECT coalesce(max(position) + 1, 0) FROM navigation_views').pluck();
  }

  replaceAll(list: readonly StoredNavigationView[]): void {
    this.#db.transaction(() => {
      this.#deleteAll.run();
      for (const v of list) this.add(v);
    })();
  }

  /** Adds a view at the end (or updates it in place if the fragment is known). */
  add(v: StoredNavigationView): void {
    this.#insert.run({ ...v, isPinned: v.isPinned ? 1 : 0, position: this.#nextPosition.get() as number });
  }

  get(fragment: string): StoredNavigationView | null {
    const row = this.#get.get(fragment) as ViewRow | undefined;
    return row ? toView(row) : null;
  }

  all(): StoredNavigationView[] {
    return (this.#all.all() as ViewRow[]).map(toView);
  }

  /** Returns false for an unknown fragment. */
  patch(fragment: string, change: { isPinned?: boolean; name?: string | null }): boolean {
    const current = this.get(fragment);
    if (!current) return false;
    const next = { ...current, ...change };
    this.#update.run({ fragment, isPinned: next.isPinned ? 1 : 0, name: next.name });
    return true;
  }

  remove(fragment: string): boolean {
    return this.#remove.run(fragment).changes > 0;
  }
}
