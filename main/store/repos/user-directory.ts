/** Paged reads of the users table by name (UsersRepo writes it); walks users_by_name, never sorts the table. */
import type { Db } from '../db';
import { keyedPage, type KeyedPage } from './paging';
import { toUser, type StoredUser, type UserRow } from './users';

export class UserDirectoryRepo {
  readonly #page;
  readonly #pageAfter;

  constructor(db: Db) {
    const order = 'ORDER BY full_name COLLATE NOCASE, id LIMIT ?';
    this.#page = db.prepare(`SELECT * FROM users ${order}`);
    this.#pageAfter = db.prepare(`SELECT * FROM users WHERE (full_name COLLATE NOCASE, id) > (?, ?) ${order}`);
  }

  /** `after` is the [full name, id] of the previous page's last user. */
  page(after: [string, number] | null, limit: number): KeyedPage<StoredUser> {
    const rows = (after ? this.#pageAfter.all(after[0], after[1], limit + 1) : this.#page.all(limit + 1)) as UserRow[];
    return keyedPage(rows, limit, toUser, (r) => [r.full_name, r.id]);
  }
}
