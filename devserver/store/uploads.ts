import type Database from 'better-sqlite3';

/**
 * Uploaded files (Zulip's Attachment), bytes kept in the database. Created on any existing file of
 * the same schema version too, like the custom emoji table.
 */
export const UPLOADS_SCHEMA = `
CREATE TABLE IF NOT EXISTS uploads (
  id INTEGER PRIMARY KEY,
  path_id TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  owner_id INTEGER NOT NULL REFERENCES users(id),
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  create_time INTEGER NOT NULL,
  bytes BLOB NOT NULL
);
-- Which messages link to an upload (Zulip's Attachment.messages), for the attachment's "messages".
CREATE TABLE IF NOT EXISTS upload_messages (
  upload_id INTEGER NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
  message_id INTEGER NOT NULL,
  PRIMARY KEY (upload_id, message_id)
) WITHOUT ROWID;
`;

export interface UploadRow {
  id: number;
  path_id: string;
  name: string;
  owner_id: number;
  content_type: string;
  size: number;
  create_time: number;
}

const COLUMNS = 'id, path_id, name, owner_id, content_type, size, create_time';

export class UploadsRepo {
  private readonly insert;
  private readonly selectByPath;
  private readonly selectBytes;
  private readonly selectByOwner;
  private readonly selectById;
  private readonly remove;
  private readonly link;
  private readonly selectMessages;
  private readonly sumByOwner;

  constructor(db: Database.Database) {
    this.insert = db.prepare<[string, string, number, string, number, number, Buffer]>(
      'INSERT INTO uploads (path_id, name, owner_id, content_type, size, create_time, bytes) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.selectByPath = db.prepare<[string], UploadRow>(`SELECT ${COLUMNS} FROM uploads WHERE path_id = ?`);
    this.selectById = db.prepare<[number], UploadRow>(`SELECT ${COLUMNS} FROM uploads WHERE id = ?`);
    this.selectBytes = db.prepare<[number], { bytes: Buffer }>('SELECT bytes FROM uploads WHERE id = ?');
    this.selectByOwner = db.prepare<[number], UploadRow>(
      `SELECT ${COLUMNS} FROM uploads WHERE owner_id = ? ORDER BY id`,
    );
    this.remove = db.prepare<[number]>('DELETE FROM uploads WHERE id = ?');
    this.link = db.prepare<[number, number]>(
      'INSERT OR IGNORE INTO upload_messages (upload_id, message_id) VALUES (?, ?)',
    );
    this.selectMessages = db.prepare<[number], { message_id: number }>(
      'SELECT message_id FROM upload_messages WHERE upload_id = ? ORDER BY message_id',
    );
    this.sumByOwner = db.prepare<[number], { total: number | null }>(
      'SELECT SUM(size) AS total FROM uploads WHERE owner_id = ?',
    );
  }

  add(row: Omit<UploadRow, 'id'>, bytes: Buffer): UploadRow {
    const id = Number(
      this.insert.run(row.path_id, row.name, row.owner_id, row.content_type, row.size, row.create_time, bytes)
        .lastInsertRowid,
    );
    return { ...row, id };
  }

  byPath(pathId: string): UploadRow | undefined {
    return this.selectByPath.get(pathId);
  }

  byId(id: number): UploadRow | undefined {
    return this.selectById.get(id);
  }

  bytes(id: number): Buffer | undefined {
    return this.selectBytes.get(id)?.bytes;
  }

  ofOwner(ownerId: number): UploadRow[] {
    return this.selectByOwner.all(ownerId);
  }

  delete(id: number): void {
    this.remove.run(id);
  }

  linkMessage(uploadId: number, messageId: number): void {
    this.link.run(uploadId, messageId);
  }

  messageIds(uploadId: number): number[] {
    return this.selectMessages.all(uploadId).map((row) => row.message_id);
  }

  /** Zulip's upload_space_used for one user: the bytes of their uploads. */
  spaceUsed(ownerId: number): number {
    return this.sumByOwner.get(ownerId)?.total ?? 0;
  }
}
