import type { Database } from 'better-sqlite3';

export const SEND_LATER = 1;
export const REMIND = 2;

export interface ScheduledRow {
  id: number;
  sender_id: number;
  delivery_type: number;
  type: 'stream' | 'private';
  recipients: string;
  topic: string;
  content: string;
  rendered_content: string;
  scheduled_timestamp: number;
  read_by_sender: number;
  client: string;
  reminder_target_message_id: number | null;
  reminder_note: string | null;
  delivered: number;
  delivered_message_id: number | null;
  failed: number;
  failure_message: string | null;
}

export type NewScheduled = Omit<
  ScheduledRow,
  'id' | 'delivered' | 'delivered_message_id' | 'failed' | 'failure_message'
>;

/** Messages held for later (and reminders), until delivered or deleted. */
export class ScheduledMessagesRepo {
  private readonly pendingForUser;
  private readonly selectOne;
  private readonly selectDue;
  private readonly insertStmt;
  private readonly deleteStmt;
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
    this.pendingForUser = db.prepare<[number, number], ScheduledRow>(
      `SELECT * FROM scheduled_messages WHERE sender_id = ? AND delivery_type = ? AND delivered = 0
       ORDER BY scheduled_timestamp, id`,
    );
    this.selectOne = db.prepare<[number, number, number], ScheduledRow>(
      'SELECT * FROM scheduled_messages WHERE id = ? AND sender_id = ? AND delivery_type = ?',
    );
    this.selectDue = db.prepare<[number], ScheduledRow>(
      `SELECT * FROM scheduled_messages WHERE delivered = 0 AND failed = 0 AND scheduled_timestamp <= ?
       ORDER BY scheduled_timestamp, id`,
    );
    this.insertStmt = db.prepare<[NewScheduled]>(
      `INSERT INTO scheduled_messages (sender_id, delivery_type, type, recipients, topic, content, rendered_content,
         scheduled_timestamp, read_by_sender, client, reminder_target_message_id, reminder_note)
       VALUES (@sender_id, @delivery_type, @type, @recipients, @topic, @content, @rendered_content,
         @scheduled_timestamp, @read_by_sender, @client, @reminder_target_message_id, @reminder_note)`,
    );
    this.deleteStmt = db.prepare<[number]>('DELETE FROM scheduled_messages WHERE id = ?');
  }

  /** The user's undelivered ones of a kind, soonest first (failed ones included, as Zulip lists them). */
  pending(userId: number, deliveryType: number): ScheduledRow[] {
    return this.pendingForUser.all(userId, deliveryType);
  }

  /** One of the user's; someone else's is reported as missing. */
  get(userId: number, id: number, deliveryType: number): ScheduledRow | undefined {
    return this.selectOne.get(id, userId, deliveryType);
  }

  due(now: number): ScheduledRow[] {
    return this.selectDue.all(now);
  }

  insert(row: NewScheduled): ScheduledRow {
    const id = Number(this.insertStmt.run(row).lastInsertRowid);
    return this.get(row.sender_id, id, row.delivery_type)!;
  }

  update(row: ScheduledRow): ScheduledRow {
    const columns = Object.keys(row).filter((key) => key !== 'id');
    this.db
      .prepare(`UPDATE scheduled_messages SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`)
      .run(row);
    return row;
  }

  delete(id: number): void {
    this.deleteStmt.run(id);
  }
}
