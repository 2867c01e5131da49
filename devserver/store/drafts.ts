import type { Database } from 'better-sqlite3';

export interface DraftRow {
  id: number;
  user_id: number;
  type: string;
  recipients: string;
  topic: string;
  content: string;
  last_edit_time: number;
}

/** What a draft holds apart from its ID and owner, already validated. */
export interface DraftFields {
  type: '' | 'stream' | 'private';
  to: number[];
  topic: string;
  content: string;
  lastEditTime: number;
}

/** Drafts synchronized between one user's clients (GET/POST/PATCH/DELETE /drafts). */
export class DraftsRepo {
  private readonly selectForUser;
  private readonly selectOne;
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly deleteStmt;

  constructor(db: Database) {
    this.selectForUser = db.prepare<[number], DraftRow>(
      'SELECT * FROM drafts WHERE user_id = ? ORDER BY last_edit_time, id',
    );
    this.selectOne = db.prepare<[number, number], DraftRow>('SELECT * FROM drafts WHERE id = ? AND user_id = ?');
    this.insertStmt = db.prepare(
      `INSERT INTO drafts (user_id, type, recipients, topic, content, last_edit_time)
       VALUES (@user_id, @type, @recipients, @topic, @content, @last_edit_time)`,
    );
    this.updateStmt = db.prepare(
      `UPDATE drafts SET type = @type, recipients = @recipients, topic = @topic, content = @content,
         last_edit_time = @last_edit_time WHERE id = @id`,
    );
    this.deleteStmt = db.prepare<[number]>('DELETE FROM drafts WHERE id = ?');
  }

  /** The user's drafts, least recently edited first (Zulip's order for GET /drafts). */
  forUser(userId: number): DraftRow[] {
    return this.selectForUser.all(userId);
  }

  /** One of the user's drafts; another user's draft is reported as missing. */
  get(userId: number, id: number): DraftRow | undefined {
    return this.selectOne.get(id, userId);
  }

  insert(userId: number, draft: DraftFields): DraftRow {
    const result = this.insertStmt.run({ user_id: userId, ...columns(draft) });
    return this.get(userId, Number(result.lastInsertRowid))!;
  }

  update(userId: number, id: number, draft: DraftFields): DraftRow {
    this.updateStmt.run({ id, ...columns(draft) });
    return this.get(userId, id)!;
  }

  delete(id: number): void {
    this.deleteStmt.run(id);
  }
}

function columns(draft: DraftFields) {
  return {
    type: draft.type,
    recipients: JSON.stringify(draft.to),
    topic: draft.topic,
    content: draft.content,
    last_edit_time: draft.lastEditTime,
  };
}
