/** Channel folders (FL 389): the groups the sidebar can file channels under, in the server's order. */
import type { Db } from '../db';
import { parseObject } from './json';

export interface StoredFolder {
  id: number;
  name: string;
  description: string;
  renderedDescription: string;
  order: number;
  isArchived: boolean;
  /** Fields kept as sent (date_created, creator_id, ...). */
  extra: Record<string, unknown>;
}

interface FolderRow {
  id: number;
  name: string;
  description: string;
  rendered_description: string;
  sort_order: number;
  is_archived: number;
  extra: string;
}

function toFolder(r: FolderRow): StoredFolder {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    renderedDescription: r.rendered_description,
    order: r.sort_order,
    isArchived: r.is_archived === 1,
    extra: parseObject(r.extra),
  };
}

export class ChannelFoldersRepo {
  readonly #db: Db;
  readonly #upsert;
  readonly #get;
  readonly #all;
  readonly #deleteAll;
  readonly #setOrder;

  constructor(db: Db) {
    this.#db = db;
    this.#upsert = db.prepare(
      `INSERT INTO channel_folders (id, name, description, rendered_description, sort_order, is_archived, extra)
       VALUES (@id, @name, @description, @renderedDescription, @order, @isArchived, @extra)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, description = excluded.description,
         rendered_description = excluded.rendered_description, sort_order = excluded.sort_order,
         is_archived = excluded.is_archived, extra = excluded.extra`,
    );
    this.#get = db.prepare('SELECT * FROM channel_folders WHERE id = ?');
    // Folders are few (an organization has a handful), so the list is one page.
    this.#all = db.prepare('SELECT * FROM channel_folders ORDER BY sort_order, id');
    this.#deleteAll = db.prepare('DELETE FROM channel_folders');
    this.#setOrder = db.prepare('UPDATE channel_folders SET sort_order = ? WHERE id = ?');
  }

  replaceAll(folders: readonly StoredFolder[]): void {
    this.#db.transaction(() => {
      this.#deleteAll.run();
      for (const f of folders) this.upsert(f);
    })();
  }

  upsert(f: StoredFolder): void {
    this.#upsert.run({ ...f, isArchived: f.isArchived ? 1 : 0, extra: JSON.stringify(f.extra) });
  }

  get(id: number): StoredFolder | null {
    const row = this.#get.get(id) as FolderRow | undefined;
    return row ? toFolder(row) : null;
  }

  all(): StoredFolder[] {
    return (this.#all.all() as FolderRow[]).map(toFolder);
  }

  /** The highest order in use, so a folder added without one goes last. */
  nextOrder(): number {
    return this.all().reduce((max, f) => Math.max(max, f.order + 1), 0);
  }

  /** Applies an update; returns false for an unknown folder. */
  patch(id: number, change: Partial<Omit<StoredFolder, 'id'>>): boolean {
    const current = this.get(id);
    if (!current) return false;
    this.upsert({ ...current, ...change, id, extra: { ...current.extra, ...change.extra } });
    return true;
  }

  /** The folders' IDs in their new order (channel_folder reorder). */
  reorder(ids: readonly number[]): void {
    ids.forEach((id, index) => this.#setOrder.run(index, id));
  }
}
