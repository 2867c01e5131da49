import type { App } from '../app';

/**
 * Organization settings on top of realm_state.ts's defaults: group settings that list omits, and
 * every setting changed through PATCH /realm (stored without the realm_ prefix).
 */
export function realmOverridesState(app: App, systemGroups: Record<string, number>): Record<string, unknown> {
  const overrides = app.store.records.realmSettings.overrides();
  return {
    realm_can_add_subscribers_group: systemGroups['role:members'] ?? null,
    ...Object.fromEntries(Object.entries(overrides).map(([name, value]) => [`realm_${name}`, value])),
  };
}
