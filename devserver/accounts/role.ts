import type { App } from '../app';
import { publishGroupMembers } from '../events/group_events';
import { publishUserUpdate } from '../events/user_events';
import { GroupGraph } from '../groups/graph';
import type { UserRow } from '../store/rows';
import { ROLE_GROUP } from './create';

/**
 * Changes a person's role as Zulip's do_change_user_role does: the role column, membership of the
 * role's system group (left for the old one, joined for the new one, each announced as a
 * user_group event), then realm_user update {role} to everyone so every client follows.
 */
export function changeRole(app: App, target: UserRow, role: number): void {
  const graph = GroupGraph.load(app.store);
  const oldGroup = graph.system(ROLE_GROUP[target.role] ?? 'role:everyone');
  const newGroup = graph.system(ROLE_GROUP[role] ?? 'role:everyone');
  app.store.transaction(() => {
    app.store.records.accounts.setRole(target.id, role);
    if (oldGroup !== newGroup) {
      app.store.groups.removeMember(oldGroup, target.id);
      app.store.groups.addMember(newGroup, target.id);
    }
  });
  if (oldGroup !== newGroup) {
    const after = GroupGraph.load(app.store);
    const left = after.byId(oldGroup);
    const joined = after.byId(newGroup);
    if (left) publishGroupMembers(app, left, 'remove_members', [target.id]);
    if (joined) publishGroupMembers(app, joined, 'add_members', [target.id]);
  }
  publishUserUpdate(app, { user_id: target.id, role });
}
