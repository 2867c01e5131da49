import type Database from 'better-sqlite3';

export interface RealmEmojiRow {
  id: number;
  name: string;
  author_id: number | null;
  content_type: string;
  deactivated: number;
}

const COLUMNS = 'id, name, author_id, content_type, deactivated';

/** The organization's custom emoji and their images. */
export class RealmEmojiRepo {
  private readonly selectAll;
  private readonly selectActiveByName;
  private readonly selectById;
  private readonly selectImage;
  private readonly insert;
  private readonly setDeactivated;

  constructor(db: Database.Database) {
    this.selectAll = db.prepare<[], RealmEmojiRow>(`SELECT ${COLUMNS} FROM realm_emoji ORDER BY id`);
    this.selectActiveByName = db.prepare<[string], RealmEmojiRow>(
      `SELECT ${COLUMNS} FROM realm_emoji WHERE name = ? AND deactivated = 0`,
    );
    this.selectById = db.prepare<[number], RealmEmojiRow>(`SELECT ${COLUMNS} FROM realm_emoji WHERE id = ?`);
    this.selectImage = db.prepare<[number], { content_type: string; image: Buffer }>(
      'SELECT content_type, image FROM realm_emoji WHERE id = ?',
    );
    this.insert = db.prepare<[string, number | null, string, Buffer]>(
      'INSERT INTO realm_emoji (name, author_id, content_type, image) VALUES (?, ?, ?, ?)',
    );
    this.setDeactivated = db.prepare<[number]>('UPDATE realm_emoji SET deactivated = 1 WHERE id = ?');
  }

  /** Every custom emoji, deactivated ones too. */
  all(): RealmEmojiRow[] {
    return this.selectAll.all();
  }

  activeByName(name: string): RealmEmojiRow | undefined {
    return this.selectActiveByName.get(name);
  }

  byId(id: number): RealmEmojiRow | undefined {
    return this.selectById.get(id);
  }

  image(id: number): { content_type: string; image: Buffer } | undefined {
    return this.selectImage.get(id);
  }

  add(name: string, authorId: number | null, contentType: string, image: Buffer): number {
    return Number(this.insert.run(name, authorId, contentType, image).lastInsertRowid);
  }

  deactivate(id: number): void {
    this.setDeactivated.run(id);
  }
}
