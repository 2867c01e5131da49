import { badRequest } from '../http/errors';
import type { Store } from '../store/store';
import type { AnonymousGroup, GroupGraph, GroupSettingValue } from './graph';

/** Which system groups a permission setting may not point at (Zulip's GroupPermissionSetting). */
export interface SettingRule {
  allowInternet?: boolean;
  allowEveryone?: boolean;
  allowNobody?: boolean;
  allowOwners?: boolean;
}

/** Checks the wire shape: an integer group ID, or {direct_members: [int], direct_subgroups: [int]}. */
export function parseSettingValue(raw: unknown, name: string): GroupSettingValue {
  if (typeof raw === 'number' && Number.isSafeInteger(raw)) return raw;
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
    const record = raw as Record<string, unknown>;
    const extra = Object.keys(record).filter((key) => key !== 'direct_members' && key !== 'direct_subgroups');
    const members = record['direct_members'];
    const subgroups = record['direct_subgroups'];
    if (extra.length === 0 && isIntList(members) && isIntList(subgroups)) {
      return { direct_members: members, direct_subgroups: subgroups };
    }
  }
  throw badRequest(`${name} is not a valid group-setting value`);
}

/** A group-setting update: {new, old?}, where old is the value the client believes is current. */
export function parseSettingUpdate(raw: unknown, name: string): { new: GroupSettingValue; old?: GroupSettingValue } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || !('new' in raw)) {
    throw badRequest(`${name} must be an object with a "new" value`);
  }
  const record = raw as Record<string, unknown>;
  const update: { new: GroupSettingValue; old?: GroupSettingValue } = {
    new: parseSettingValue(record['new'], `${name}.new`),
  };
  if (record['old'] !== undefined) update.old = parseSettingValue(record['old'], `${name}.old`);
  return update;
}

function isIntList(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'number' && Number.isSafeInteger(item));
}

/**
 * Zulip's canonical form: an anonymous value naming exactly one group and no users is that
 * group; one naming nothing at all is role:nobody. Lists come out sorted and without repeats.
 */
export function normalizeSettingValue(value: GroupSettingValue, graph: GroupGraph): GroupSettingValue {
  if (typeof value === 'number') return value;
  const members = [...new Set(value.direct_members)].sort((a, b) => a - b);
  const subgroups = [...new Set(value.direct_subgroups)].sort((a, b) => a - b);
  if (members.length === 0 && subgroups.length === 1) return subgroups[0] as number;
  if (members.length === 0 && subgroups.length === 0) return graph.system('role:nobody');
  return { direct_members: members, direct_subgroups: subgroups };
}

export function sameSettingValue(a: GroupSettingValue, b: GroupSettingValue): boolean {
  if (typeof a === 'number' || typeof b === 'number') return a === b;
  return sameSet(a.direct_members, b.direct_members) && sameSet(a.direct_subgroups, b.direct_subgroups);
}

function sameSet(a: number[], b: number[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
}

/**
 * Refuses a value that names an unknown or deactivated group, an inactive user, or a system group
 * the setting does not allow, with Zulip's messages. Returns the normalized value.
 */
export function checkSettingValue(
  value: GroupSettingValue,
  name: string,
  rule: SettingRule,
  graph: GroupGraph,
  store: Store,
): GroupSettingValue {
  const normalized = normalizeSettingValue(value, graph);
  if (typeof normalized === 'number') {
    checkSystemRule(normalized, name, rule, graph);
    return normalized;
  }
  checkAnonymous(normalized, store, graph);
  return normalized;
}

function checkSystemRule(groupId: number, name: string, rule: SettingRule, graph: GroupGraph): void {
  const group = graph.byId(groupId);
  if (!group) throw badRequest('Invalid user group');
  if (group.deactivated === 1) throw badRequest('User group is deactivated.');
  if (group.is_system_group !== 1) return;
  const refused =
    (group.name === 'role:internet' && rule.allowInternet !== true) ||
    (group.name === 'role:everyone' && rule.allowEveryone === false) ||
    (group.name === 'role:nobody' && rule.allowNobody === false) ||
    (group.name === 'role:owners' && rule.allowOwners === false);
  if (refused) throw badRequest(`'${name}' setting cannot be set to '${group.name}' group.`);
}

function checkAnonymous(value: AnonymousGroup, store: Store, graph: GroupGraph): void {
  for (const userId of value.direct_members) {
    const user = store.users.byId(userId);
    if (!user || user.is_active !== 1 || user.is_system_bot === 1) throw badRequest(`Invalid user ID: ${userId}`);
  }
  for (const groupId of value.direct_subgroups) {
    const group = graph.byId(groupId);
    if (!group) throw badRequest(`Invalid user group ID: ${groupId}`);
    if (group.deactivated === 1) throw badRequest('User group is deactivated.');
  }
}
