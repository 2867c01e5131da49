/** Scheduled messages and reminders as the server last described them (one table each, same shape). */
import type { Reminder, ScheduledMessage } from '../../api/schemas/scheduled';
import type { Db } from '../db';

class ScheduledTable<T> {
  readonly #db: Db;
  readonly #upsert;
  readonly #all;
  readonly #remove;
  readonly #deleteAll;

  constructor(
    db: Db,
    table: 'scheduled_messages' | 'reminders',
    private readonly idOf: (item: T) => number,
    private readonly timeOf: (item: T) => number,
  ) {
    this.#db = db;
    this.#upsert = db.prepare(
      `INSERT INTO ${table} (id, deliver_at, json) VALUES (?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET deliver_at = excluded.deliver_at, json = excluded.json`,
    );
    this.#all = db.prepare(`SELECT json FROM ${table} ORDER BY deliver_at, id`).pluck();
    this.#remove = db.prepare(`DELETE FROM ${table} WHERE id = ?`);
    this.#deleteAll = db.prepare(`DELETE FROM ${table}`);
  }

  replaceAll(items: readonly T[]): void {
    this.#db.transaction(() => {
      this.#deleteAll.run();
      for (const item of items) this.upsert(item);
    })();
  }

  upsert(item: T): void {
    this.#upsert.run(this.idOf(item), Math.floor(this.timeOf(item)), JSON.stringify(item));
  }

  /** Soonest first. */
  all(): T[] {
    return (this.#all.all() as string[]).map((json) => JSON.parse(json) as T);
  }

  remove(id: number): void {
    this.#remove.run(id);
  }
}

export class ScheduledMessagesRepo extends ScheduledTable<ScheduledMessage> {
  constructor(db: Db) {
    super(
      db,
      'scheduled_messages',
      (m) => m.scheduled_message_id,
      (m) => m.scheduled_delivery_timestamp,
    );
  }
}

export class RemindersRepo extends ScheduledTable<Reminder> {
  constructor(db: Db) {
    super(
      db,
      'reminders',
      (r) => r.reminder_id,
      (r) => r.scheduled_delivery_timestamp,
    );
  }
}
