/** What the server reports about this account's push registrations (main/push makes them). */
import type { Db } from '../db';

export interface StoredPushDevice {
  pushAccountId: number;
  /** active, pending or failed (an unknown status is kept as the server said it). */
  status: string;
  errorCode: string | null;
}

const COLUMNS = 'push_account_id AS pushAccountId, status, error_code AS errorCode';

export class PushDevicesRepo {
  readonly #db: Db;
  readonly #upsert;
  readonly #get;
  readonly #all;
  readonly #deleteAll;

  constructor(db: Db) {
    this.#db = db;
    this.#upsert = db.prepare(
      `INSERT INTO push_devices (push_account_id, status, error_code) VALUES (@pushAccountId, @status, @errorCode)
       ON CONFLICT (push_account_id) DO UPDATE SET status = excluded.status, error_code = excluded.error_code`,
    );
    this.#get = db.prepare(`SELECT ${COLUMNS} FROM push_devices WHERE push_account_id = ?`);
    this.#all = db.prepare(`SELECT ${COLUMNS} FROM push_devices ORDER BY push_account_id`);
    this.#deleteAll = db.prepare('DELETE FROM push_devices');
  }

  replaceAll(list: readonly StoredPushDevice[]): void {
    this.#db.transaction(() => {
      this.#deleteAll.run();
      for (const d of list) this.upsert(d);
    })();
  }

  upsert(d: StoredPushDevice): void {
    this.#upsert.run(d);
  }

  get(pushAccountId: number): StoredPushDevice | null {
    return (this.#get.get(pushAccountId) as StoredPushDevice | undefined) ?? null;
  }

  all(): StoredPushDevice[] {
    return this.#all.all() as StoredPushDevice[];
  }
}
