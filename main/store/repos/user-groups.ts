/**
 * User groups with their direct members and direct subgroups. Permission settings (can_*_group)
 * are kept as the server's group-setting values in one JSON column; they are shown, not queried.
 */
import type { Db } from '../db';
import { parseObject } from './json';
import { keyedPage, type KeyedPage } from './paging';

export interface StoredGroup {
  id: number;
  name: string;
  description: string;
  isSystemGroup: boolean;
  deactivated: boolean;
  /** can_*_group settings by name. */
  settings: Record<string, unknown>;
  /** Other fields kept as sent (date_created, creator_id, ...). */
  extra: Record<string, unknown>;
  members: number[];
  subgroups: number[];
}

/** The parts of a group an update event may change; settings are merged key by key. */
export type GroupChange = Partial<Pick<StoredGroup, 'name' | 'description' | 'deactivated' | 'settings' | 'extra'>>;

interface GroupRow {
  id: number;
  name: string;
  description: string;
  is_system_group: number;
  deactivated: number;
  settings: string;
  extra: string;
}

export class UserGroupsRepo {
  readonly #db: Db;
  readonly #upsert;
  readonly #get;
  readonly #page;
  readonly #pageAfter;
  readonly #members;
  readonly #subgroups;
  readonly #addMember;
  readonly #removeMember;
  readonly #addSubgroup;
  readonly #removeSubgroup;
  readonly #remove;
  readonly #groupsOfUser;
  readonly #removeUser;
  readonly #clearMembers;
  readonly #clearSubgroups;
  readonly #deleteAll;

  constructor(db: Db) {
    this.#db = db;
    this.#upsert = db.prepare(
      `INSERT INTO user_groups (id, name, description, is_system_group, deactivated, settings, extra)
       VALUES (@id, @name, @description, @isSystemGroup, @deactivated, @settings, @extra)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, description = excluded.description,
         is_system_group = excluded.is_system_group, deactivated = excluded.deactivated,
         settings = excluded.settings, extra = excluded.extra`,
    );
    this.#get = db.prepare('SELECT * FROM user_groups WHERE id = ?');
    const order = 'ORDER BY name COLLATE NOCASE, id LIMIT ?';
    this.#page = db.prepare(`SELECT * FROM user_groups ${order}`);
    this.#pageAfter = db.prepare(`SELECT * FROM user_groups WHERE (name COLLATE NOCASE, id) > (?, ?) ${order}`);
    this.#members = db.prepare('SELECT user_id FROM user_group_members WHERE group_id = ? ORDER BY user_id').pluck();
    this.#subgroups = db
      .prepare('SELECT subgroup_id FROM user_group_subgroups WHERE group_id = ? ORDER BY subgroup_id')
      .pluck();
    this.#addMember = db.prepare('INSERT OR IGNORE INTO user_group_members (group_id, user_id) VALUES (?, ?)');
    this.#removeMember = db.prepare('DELETE FROM user_group_members WHERE group_id = ? AND user_id = ?');
    this.#addSubgroup = db.prepare('INSERT OR IGNORE INTO user_group_subgroups (group_id, subgroup_id) VALUES (?, ?)');
    this.#removeSubgroup = db.prepare('DELETE FROM user_group_subgroups WHERE group_id = ? AND subgroup_id = ?');
    this.#remove = db.prepare('DELETE FROM user_groups WHERE id = ?');
    this.#groupsOfUser = db.prepare('SELECT group_id FROM user_group_members WHERE user_id = ?').pluck();
    this.#removeUser = db.prepare('DELETE FROM user_group_members WHERE user_id = ?');
    this.#clearMembers = db.prepare('DELETE FROM user_group_members WHERE group_id = ?');
    this.#clearSubgroups = db.prepare('DELETE FROM user_group_subgroups WHERE group_id = ?');
    this.#deleteAll = db.prepare('DELETE FROM user_groups');
  }

  replaceAll(groups: readonly StoredGroup[]): void {
    this.#db.transaction(() => {
      this.#deleteAll.run();
      for (const g of groups) this.upsert(g);
    })();
  }

  /** Writes the group and replaces its members and subgroups. */
  upsert(g: StoredGroup): void {
    this.#upsert.run({
      id: g.id,
      name: g.name,
      description: g.description,
      isSystemGroup: g.isSystemGroup ? 1 : 0,
      deactivated: g.deactivated ? 1 : 0,
      settings: JSON.stringify(g.settings),
      extra: JSON.stringify(g.extra),
    });
    this.#clearMembers.run(g.id);
    this.#clearSubgroups.run(g.id);
    this.addMembers(g.id, g.members);
    this.addSubgroups(g.id, g.subgroups);
  }

  get(id: number): StoredGroup | null {
    const row = this.#get.get(id) as GroupRow | undefined;
    return row ? this.#toGroup(row) : null;
  }

  /** Groups by name, limit at a time; `after` is the [name, id] of the previous page's last group. */
  page(after: [string, number] | null, limit: number): KeyedPage<StoredGroup> {
    const rows = (after ? this.#pageAfter.all(after[0], after[1], limit + 1) : this.#page.all(limit + 1)) as GroupRow[];
    return keyedPage(
      rows,
      limit,
      (r) => this.#toGroup(r),
      (r) => [r.name, r.id],
    );
  }

  /** Applies an update; returns false for an unknown group. */
  patch(id: number, change: GroupChange): boolean {
    const current = this.get(id);
    if (!current) return false;
    this.upsert({
      ...current,
      ...change,
      settings: { ...current.settings, ...change.settings },
      extra: { ...current.extra, ...change.extra },
    });
    return true;
  }

  addMembers(groupId: number, userIds: readonly number[]): void {
    for (const u of userIds) this.#addMember.run(groupId, u);
  }

  removeMembers(groupId: number, userIds: readonly number[]): void {
    for (const u of userIds) this.#removeMember.run(groupId, u);
  }

  addSubgroups(groupId: number, subgroupIds: readonly number[]): void {
    for (const s of subgroupIds) this.#addSubgroup.run(groupId, s);
  }

  removeSubgroups(groupId: number, subgroupIds: readonly number[]): void {
    for (const s of subgroupIds) this.#removeSubgroup.run(groupId, s);
  }

  /** Returns whether the group was known. */
  remove(id: number): boolean {
    return this.#remove.run(id).changes > 0;
  }

  /** The groups a user is a direct member of. */
  groupsOf(userId: number): number[] {
    return (this.#groupsOfUser.all(userId) as number[]).sort((a, b) => a - b);
  }

  /** A deactivated user leaves every group; returns the groups they were in. */
  removeUserEverywhere(userId: number): number[] {
    const groups = this.#groupsOfUser.all(userId) as number[];
    this.#removeUser.run(userId);
    return groups;
  }

  #toGroup(r: GroupRow): StoredGroup {
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      isSystemGroup: r.is_system_group === 1,
      deactivated: r.deactivated === 1,
      settings: parseObject(r.settings),
      extra: parseObject(r.extra),
      members: this.#members.all(r.id) as number[],
      subgroups: this.#subgroups.all(r.id) as number[],
    };
  }
}
