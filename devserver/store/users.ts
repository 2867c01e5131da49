import type { Database } from 'better-sqlite3';
import type { UserRow } from './rows';
import { UntilWrite } from './until_write';

export interface NewUser {
  delivery_email: string;
  full_name: string;
  password_hash: string | null;
  api_key: string;
  role: number;
  is_active?: boolean;
  is_bot?: boolean;
  bot_type?: number | null;
  bot_owner_id?: number | null;
  is_system_bot?: boolean;
  timezone?: string;
  date_joined: number;
  email_address_visibility?: number;
  settings?: Record<string, unknown>;
}

/** Accounts: people, bots and the system bots that Zulip calls cross-realm bots. */
export class UsersRepo {
  private readonly selectAll;
  private readonly selectById;
  private readonly selectByKey;
  private readonly selectByEmail;
  private readonly selectActiveIds;
  private readonly insertStmt;
  /** The last all(), and its rows by ID once asked for. */
  private readonly snapshot: UntilWrite<{ rows: readonly UserRow[]; byId?: Map<number, UserRow> }>;

  constructor(db: Database) {
    this.snapshot = new UntilWrite(db);
    this.selectAll = db.prepare<[], UserRow>('SELECT * FROM users ORDER BY id');
    this.selectById = db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?');
    this.selectByKey = db.prepare<[string], UserRow>('SELECT * FROM users WHERE api_key = ?');
    this.selectByEmail = db.prepare<[string], UserRow>('SELECT * FROM users WHERE delivery_email = ?');
    this.selectActiveIds = db.prepare<[], number>('SELECT id FROM users WHERE is_active = 1').pluck();
    this.insertStmt = db.prepare(
      `INSERT INTO users (delivery_email, full_name, password_hash, api_key, role, is_active, is_bot, bot_type,
         bot_owner_id, is_system_bot, timezone, date_joined, email_address_visibility, settings)
       VALUES (@delivery_email, @full_name, @password_hash, @api_key, @role, @is_active, @is_bot, @bot_type,
         @bot_owner_id, @is_system_bot, @timezone, @date_joined, @email_address_visibility, @settings)`,
    );
  }

  /**
   * Every account in ID order, read once and kept until the database changes: at 30,000 people
   * one read costs ~100 ms, and a request may need the list several times (groups, presence,
   * register). The rows are frozen, as they are shared.
   */
  all(): readonly UserRow[] {
    return this.read().rows;
  }

  /** All accounts keyed by ID: message and user formatting look senders up here per request. */
  map(): ReadonlyMap<number, UserRow> {
    const kept = this.read();
    kept.byId ??= new Map(kept.rows.map((user) => [user.id, user]));
    return kept.byId;
  }

  private read(): { rows: readonly UserRow[]; byId?: Map<number, UserRow> } {
    return this.snapshot.get('', () => ({
      rows: Object.freeze(this.selectAll.all().map((row) => Object.freeze(row))),
    }));
  }

  /**
   * The IDs of active accounts. Read anew each time, as every write drops the kept list and a
   * message sent is a write: at 30,000 people the whole list took ~100 ms, the IDs a few.
   */
  activeIds(): Set<number> {
    return new Set(this.selectActiveIds.all());
  }

  byId(id: number): UserRow | undefined {
    return this.selectById.get(id);
  }

  byApiKey(key: string): UserRow | undefined {
    return this.selectByKey.get(key);
  }

  byDeliveryEmail(email: string): UserRow | undefined {
    return this.selectByEmail.get(email);
  }

  insert(user: NewUser): number {
    const result = this.insertStmt.run({
      ...user,
      is_active: user.is_active === false ? 0 : 1,
      is_bot: user.is_bot ? 1 : 0,
      bot_type: user.bot_type ?? null,
      bot_owner_id: user.bot_owner_id ?? null,
      is_system_bot: user.is_system_bot ? 1 : 0,
      timezone: user.timezone ?? '',
      email_address_visibility: user.email_address_visibility ?? 1,
      settings: JSON.stringify(user.settings ?? {}),
    });
    return Number(result.lastInsertRowid);
  }
}
