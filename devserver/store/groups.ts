import type { Database } from 'better-sqlite3';
import type { UserGroupRow } from './rows';

export interface NewGroup {
  name: string;
  description: string;
  is_system_group: boolean;
  date_created: number | null;
  creator_id: number | null;
  settings: Record<string, unknown>;
}

export interface GroupWithMembers extends UserGroupRow {
  members: number[];
  direct_subgroup_ids: number[];
}

/** User groups (system role groups and custom ones), their direct members and subgroups. */
export class GroupsRepo {
  private readonly selectAll;
  private readonly selectMembers;
  private readonly selectSubgroups;
  private readonly selectByName;
  private readonly insertStmt;
  private readonly insertMember;
  private readonly insertSubgroup;
  private readonly updateSettings;
  private readonly deleteMember;
  private readonly deleteSubgroup;

  constructor(private readonly db: Database) {
    this.selectAll = db.prepare<[], UserGroupRow>('SELECT * FROM user_groups ORDER BY id');
    // Deactivated accounts keep their membership rows (reactivation restores them) but, as on
    // Zulip, are listed in no group while deactivated.
    this.selectMembers = db.prepare<[], { group_id: number; user_id: number }>(
      `SELECT m.group_id, m.user_id FROM user_group_members m JOIN users u ON u.id = m.user_id
       WHERE u.is_active = 1 ORDER BY m.group_id, m.user_id`,
    );
    this.selectSubgroups = db.prepare<[], { group_id: number; subgroup_id: number }>(
      'SELECT group_id, subgroup_id FROM user_group_subgroups ORDER BY group_id, subgroup_id',
    );
    this.selectByName = db.prepare<[string], UserGroupRow>('SELECT * FROM user_groups WHERE name = ?');
    this.insertStmt = db.prepare(
      `INSERT INTO user_groups (name, description, is_system_group, date_created, creator_id, settings)
       VALUES (@name, @description, @is_system_group, @date_created, @creator_id, @settings)`,
    );
    this.insertMember = db.prepare<[number, number]>(
      'INSERT OR IGNORE INTO user_group_members (group_id, user_id) VALUES (?, ?)',
    );
    this.insertSubgroup = db.prepare<[number, number]>(
      'INSERT OR IGNORE INTO user_group_subgroups (group_id, subgroup_id) VALUES (?, ?)',
    );
    this.updateSettings = db.prepare<[string, number]>('UPDATE user_groups SET settings = ? WHERE id = ?');
    this.deleteMember = db.prepare<[number, number]>(
      'DELETE FROM user_group_members WHERE group_id = ? AND user_id = ?',
    );
    this.deleteSubgroup = db.prepare<[number, number]>(
      'DELETE FROM user_group_subgroups WHERE group_id = ? AND subgroup_id = ?',
    );
  }

  /** Every group with its direct members and direct subgroups. */
  all(): GroupWithMembers[] {
    const members = new Map<number, number[]>();
    for (const row of this.selectMembers.all())
      members.set(row.group_id, [...(members.get(row.group_id) ?? []), row.user_id]);
    const subgroups = new Map<number, number[]>();
    for (const row of this.selectSubgroups.all()) {
      subgroups.set(row.group_id, [...(subgroups.get(row.group_id) ?? []), row.subgroup_id]);
    }
    return this.selectAll.all().map((group) => ({
      ...group,
      members: members.get(group.id) ?? [],
      direct_subgroup_ids: subgroups.get(group.id) ?? [],
    }));
  }

  byName(name: string): UserGroupRow | undefined {
    return this.selectByName.get(name);
  }

  insert(group: NewGroup): number {
    const result = this.insertStmt.run({
      ...group,
      is_system_group: group.is_system_group ? 1 : 0,
      settings: JSON.stringify(group.settings),
    });
    return Number(result.lastInsertRowid);
  }

  /** One group with its direct members and subgroups. */
  byId(id: number): GroupWithMembers | undefined {
    return this.all().find((group) => group.id === id);
  }

  /** Changes name, description or the deactivated flag (0/1). */
  update(groupId: number, change: Partial<Pick<UserGroupRow, 'name' | 'description' | 'deactivated'>>): void {
    const names = Object.keys(change);
    if (names.length === 0) return;
    const assignments = names.map((name) => `${name} = @${name}`).join(', ');
    this.db.prepare(`UPDATE user_groups SET ${assignments} WHERE id = @id`).run({ ...change, id: groupId });
  }

  removeMember(groupId: number, userId: number): void {
    this.deleteMember.run(groupId, userId);
  }

  removeSubgroup(groupId: number, subgroupId: number): void {
    this.deleteSubgroup.run(groupId, subgroupId);
  }

  setSettings(groupId: number, settings: Record<string, unknown>): void {
    this.updateSettings.run(JSON.stringify(settings), groupId);
  }

  addMember(groupId: number, userId: number): void {
    this.insertMember.run(groupId, userId);
  }

  addSubgroup(groupId: number, subgroupId: number): void {
    this.insertSubgroup.run(groupId, subgroupId);
  }
}
