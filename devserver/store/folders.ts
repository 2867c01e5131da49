import type { Database } from 'better-sqlite3';

export interface ChannelFolderRow {
  id: number;
  name: string;
  description: string;
  rendered_description: string;
  date_created: number;
  creator_id: number | null;
  sort_order: number;
  is_archived: number;
}

export type NewChannelFolder = Omit<ChannelFolderRow, 'id' | 'sort_order' | 'is_archived'>;

/** Fields PATCH /channel_folders/{id} may change. */
export type FolderChange = Partial<
  Pick<ChannelFolderRow, 'name' | 'description' | 'rendered_description' | 'is_archived'>
>;

/** Channel folders: named, ordered groups of channels for the left sidebar. */
export class FoldersRepo {
  private readonly selectAll;
  private readonly selectById;
  private readonly selectByName;
  private readonly insertStmt;
  private readonly setOrderStmt;
  private readonly countChannels;

  constructor(private readonly db: Database) {
    this.selectAll = db.prepare<[], ChannelFolderRow>('SELECT * FROM channel_folders ORDER BY sort_order, id');
    this.selectById = db.prepare<[number], ChannelFolderRow>('SELECT * FROM channel_folders WHERE id = ?');
    this.selectByName = db.prepare<[string], ChannelFolderRow>('SELECT * FROM channel_folders WHERE name = ?');
    this.insertStmt = db.prepare(
      `INSERT INTO channel_folders (name, description, rendered_description, date_created, creator_id, sort_order)
       VALUES (@name, @description, @rendered_description, @date_created, @creator_id,
         (SELECT coalesce(max(sort_order) + 1, 0) FROM channel_folders))`,
    );
    this.setOrderStmt = db.prepare<[number, number]>('UPDATE channel_folders SET sort_order = ? WHERE id = ?');
    this.countChannels = db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM channels WHERE folder_id = ?');
  }

  /** Every folder, archived ones included, in display order. */
  all(): ChannelFolderRow[] {
    return this.selectAll.all();
  }

  byId(id: number): ChannelFolderRow | undefined {
    return this.selectById.get(id);
  }

  /** Folder names are unique case-insensitively, as in Zulip. */
  byName(name: string): ChannelFolderRow | undefined {
    return this.selectByName.get(name);
  }

  /** Adds a folder at the end of the display order. */
  insert(folder: NewChannelFolder): number {
    return Number(this.insertStmt.run(folder).lastInsertRowid);
  }

  update(id: number, change: FolderChange): void {
    const names = Object.keys(change);
    if (names.length === 0) return;
    const assignments = names.map((name) => `${name} = @${name}`).join(', ');
    this.db.prepare(`UPDATE channel_folders SET ${assignments} WHERE id = @id`).run({ ...change, id });
  }

  /** Renumbers the folders in the given order (which must list every folder). */
  reorder(ids: number[]): void {
    ids.forEach((id, position) => this.setOrderStmt.run(position, id));
  }

  /** Whether any channel (archived or not) still sits in the folder. */
  inUse(id: number): boolean {
    return (this.countChannels.get(id)?.n ?? 0) > 0;
  }
}
