/** Organization roles as the server numbers them, and what the renderer lets each do. */
import type { UserSummary } from '../../common/model';

export const ROLES: ReadonlyArray<{ value: number; label: string }> = [
  { value: 100, label: 'Owner' },
  { value: 200, label: 'Administrator' },
  { value: 300, label: 'Moderator' },
  { value: 400, label: 'Member' },
  { value: 600, label: 'Guest' },
];

export function roleLabel(role: number): string {
  return ROLES.find((r) => r.value === role)?.label ?? `Role ${role}`;
}

/** The user's own role, from the sidebar's people by ID (null until they have loaded). */
export function selfRole(usersById: ReadonlyMap<number, UserSummary>, selfUserId: number): number | null {
  return usersById.get(selfUserId)?.role ?? null;
}

/** Owners and administrators see the administration screens (the server still decides). */
export function isAdministrator(role: number | null): boolean {
  return role !== null && role <= 200;
}

const SYSTEM_GROUP_LABELS: Readonly<Record<string, string>> = {
  'role:internet': 'Everyone on the internet',
  'role:everyone': 'Everyone including guests',
  'role:members': 'Members',
  'role:fullmembers': 'Full members',
  'role:moderators': 'Moderators',
  'role:administrators': 'Administrators',
  'role:owners': 'Owners',
  'role:nobody': 'Nobody',
};

/** How a group reads in a permission picker: system groups by what they mean ("role:members" → "Members"). */
export function groupLabel(group: { name: string; isSystemGroup: boolean }): string {
  return (group.isSystemGroup && SYSTEM_GROUP_LABELS[group.name]) || group.name;
}
