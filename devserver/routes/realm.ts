import type { App } from '../app';
import { publishToRealm } from '../events/records';
import { ApiError, badRequest } from '../http/errors';
import type { Params } from '../http/params';
import type { ApiRoute } from '../http/route';
import { REALM_PROPERTIES, realmSetting, type RealmProperty } from '../settings/realm_properties';
import { GroupGraph, type GroupSettingValue } from '../groups/graph';
import { checkSettingValue, parseSettingUpdate, sameSettingValue } from '../groups/setting_value';
import { ROLE } from '../store/rows';

export const adminRequired = (): ApiError =>
  new ApiError(400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
export const ownerRequired = (): ApiError =>
  new ApiError(400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');

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
function readGroupChange(app: App, name: string, params: Params): GroupSettingValue {
  const update = parseSettingUpdate(params.json(name), name);
  const graph = GroupGraph.load(app.store);
  const current = realmSetting(app, name) as GroupSettingValue;
  if (update.old !== undefined && !sameSettingValue(update.old, current)) {
    throw badRequest("'old' value does not match the expected value.");
  }
  // Zulip lets no realm permission reach the whole Internet, and a few admit system groups only.
  const value = checkSettingValue(update.new, name, {}, graph, app.store);
  if (name === 'can_access_all_users_group') {
    const allowed = [graph.system('role:everyone'), graph.system('role:members')];
    if (typeof value !== 'number' || !allowed.includes(value)) {
      throw badRequest(`'${name}' setting must be set to 'role:everyone' or 'role:members' group.`);
    }
  }
  return value;
}

function unchanged(prop: RealmProperty, before: unknown, after: unknown): boolean {
  if (prop.kind === 'group') return sameSettingValue(before as GroupSettingValue, after as GroupSettingValue);
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
        if (!unchanged(prop, realmSetting(app, name), value)) changes.push({ name, prop, value });
      }
      app.store.transaction(() => {
        for (const { name, prop, value } of changes) {
          if (prop.column) app.store.records.realmSettings.setColumn(prop.column, String(value));
          else app.store.records.realmSettings.set(name, value);
        }
      });
      for (const { name, prop, value } of changes) publishRealmChange(app, name, prop, value);
      return {};
    },
  },
];

function publishRealmChange(app: App, name: string, prop: RealmProperty, value: unknown): void {
  if (prop.event === 'update') {
    publishToRealm(app, { type: 'realm', op: 'update', property: name, value });
  } else {
    publishToRealm(app, { type: 'realm', op: 'update_dict', property: 'default', data: { [name]: value } });
  }
}
