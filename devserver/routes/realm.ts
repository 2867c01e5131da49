import type { App } from '../app';
import { publishToRealm } from '../events/records';
import { ApiError, badRequest } from '../http/errors';
import type { Params } from '../http/params';
import type { ApiRoute } from '../http/route';
import { REALM_PROPERTIES, realmSetting, type RealmProperty } from '../settings/realm_properties';
import { asGroupSetting, checkGroupSetting, GroupResolver, sameGroupSetting } from '../store/group_setting';
import { ROLE, type UserRow } from '../store/rows';

export const adminRequired = (): ApiError =>
  new ApiError(400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
export const ownerRequired = (): ApiError => new ApiError(400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');

/** Reads and validates one requested setting; returns its new value. */
function readValue(app: App, name: string, prop: RealmProperty, params: Params): unknown {
  switch (prop.kind) {
    case 'bool':
      return params.bool(name);
    case 'int':
      return check(prop, params.int(name));
    case 'string':
      return check(prop, params.string(name) ?? '');
    case 'edit_limit': {
      if (params.string(name) === 'unlimited') return null;
      const seconds = params.int(name);
      if (seconds === undefined || seconds <= 0) throw badRequest(`Invalid ${name}`);
      return seconds;
    }
    case 'group':
      return readGroupChange(app, name, params);
  }
}

function check<T>(prop: RealmProperty, value: T): T {
  (prop.check as ((value: T) => void) | undefined)?.(value);
  return value;
}

/** A group setting travels as {"new": value, "old": expected current value (optional)}. */
function readGroupChange(app: App, name: string, params: Params): unknown {
  const change = params.object(name) ?? {};
  if (!('new' in change)) throw badRequest(`Invalid ${name}`);
  const users = app.store.users.all();
  const resolver = new GroupResolver(app.store.groups.all(), users);
  const current = asGroupSetting(realmSetting(app, name));
  if ('old' in change) {
    const old = asGroupSetting(change['old']);
    if (old === undefined || current === undefined || !sameGroupSetting(old, current)) {
      throw badRequest("'old' value does not match the expected value.");
    }
  }
  const value = checkGroupSetting(change['new'], name, resolver, new Map(users.map((u) => [u.id, u])));
  if (name === 'can_access_all_users_group') {
    const allowed = ['role:everyone', 'role:members'].map((group) => resolver.systemGroupId(group));
    if (typeof value !== 'number' || !allowed.includes(value)) {
      throw badRequest(`'${name}' setting must be set to 'role:everyone' or 'role:members' group.`);
    }
  }
  return value;
}

function unchanged(before: unknown, after: unknown): boolean {
  const a = asGroupSetting(before);
  const b = asGroupSetting(after);
  if (a !== undefined && b !== undefined) return sameGroupSetting(a, b);
  return JSON.stringify(before) === JSON.stringify(after);
}

export const realmRoutes: ApiRoute[] = [
  {
    /**
     * PATCH /realm: changes organization settings (administrators; a few need an owner). Each
     * changed setting is announced to every active account: `realm` `update` for plain
     * properties, `update_dict` for group settings and message-edit settings.
     */
    method: 'PATCH',
    path: '/realm',
    auth: 'user',
    handler: ({ app, user, params }) => {
      if (user.role > ROLE.admin) throw adminRequired();
      const changes: Array<{ name: string; prop: RealmProperty; value: unknown }> = [];
      for (const [name, prop] of Object.entries(REALM_PROPERTIES)) {
        if (!params.has(name)) continue;
        if (prop.ownerOnly && user.role !== ROLE.owner) throw ownerRequired();
        const value = readValue(app, name, prop, params);
        if (!unchanged(realmSetting(app, name), value)) changes.push({ name, prop, value });
      }
      app.store.transaction(() => {
        for (const { name, prop, value } of changes) {
          if (prop.column) app.store.records.realmSettings.setColumn(prop.column, String(value));
          else app.store.records.realmSettings.set(name, value);
        }
      });
      for (const { name, prop, value } of changes) publishRealmChange(app, user, name, prop, value);
      return {};
    },
  },
];

function publishRealmChange(app: App, _by: UserRow, name: string, prop: RealmProperty, value: unknown): void {
  if (prop.event === 'update') {
    publishToRealm(app, { type: 'realm', op: 'update', property: name, value });
  } else {
    publishToRealm(app, { type: 'realm', op: 'update_dict', property: 'default', data: { [name]: value } });
  }
}
