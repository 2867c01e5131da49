import type { Database } from 'better-sqlite3';

/**
 * Changes to existing accounts made by the settings, deactivation and sign-up routes. Reads and
 * inserts stay in UsersRepo; this keeps the writes of those routes in one place.
 */
export class AccountsRepo {
  private readonly setSettingsStmt;
  private readonly setVisibilityStmt;
  private readonly setTimezoneStmt;
  private readonly setFullNameStmt;
  private readonly setActiveStmt;
  private readonly selectOwnedBots;
  private readonly setRoleStmt;

  constructor(db: Database) {
    this.setSettingsStmt = db.prepare<[string, number]>('UPDATE users SET settings = ? WHERE id = ?');
    this.setVisibilityStmt = db.prepare<[number, number]>('UPDATE users SET email_address_visibility = ? WHERE id = ?');
    this.setTimezoneStmt = db.prepare<[string, number]>('UPDATE users SET timezone = ? WHERE id = ?');
    this.setFullNameStmt = db.prepare<[string, number]>('UPDATE users SET full_name = ? WHERE id = ?');
    this.setActiveStmt = db.prepare<[number, number]>('UPDATE users SET is_active = ? WHERE id = ?');
    this.setRoleStmt = db.prepare<[number, number]>('UPDATE users SET role = ? WHERE id = ?');
    this.selectOwnedBots = db.prepare<[number], { id: number }>(
      'SELECT id FROM users WHERE bot_owner_id = ? AND is_bot = 1 AND is_active = 1 ORDER BY id',
    );
  }

  /** Replaces the user's overrides of the default user settings (users.settings JSON). */
  setSettings(userId: number, settings: Record<string, unknown>): void {
    this.setSettingsStmt.run(JSON.stringify(settings), userId);
  }

  setEmailVisibility(userId: number, visibility: number): void {
    this.setVisibilityStmt.run(visibility, userId);
  }

  setTimezone(userId: number, timezone: string): void {
    this.setTimezoneStmt.run(timezone, userId);
  }

  setFullName(userId: number, fullName: string): void {
    this.setFullNameStmt.run(fullName, userId);
  }

  setActive(userId: number, active: boolean): void {
    this.setActiveStmt.run(active ? 1 : 0, userId);
  }

  /** Active bots the user owns; Zulip deactivates them along with their owner. */
  activeBotsOwnedBy(userId: number): number[] {
    return this.selectOwnedBots.all(userId).map((row) => row.id);
  }

  setRole(userId: number, role: number): void {
    this.setRoleStmt.run(role, userId);
  }
}
