/**
 * Applies devserver/levels/table.ts: what a server of a given feature level lacks. The dispatcher
 * asks about routes and parameters, POST /register about capabilities and fields, so handlers
 * stay level-blind and behave as the newest server does for whatever reaches them.
 */
import {
  CAPABILITY_LEVELS,
  CHANNEL_FIELD_LEVELS,
  PARAM_LEVELS,
  REGISTER_FIELD_LEVELS,
  ROUTE_LEVELS,
  USER_SETTING_LEVELS,
} from './table';

/** False when a server of this level had no such route (it answers as for an unknown path). */
export function routeExists(level: number, method: string, path: string): boolean {
  return ROUTE_LEVELS.every(
    (r) => r.path !== path || (r.method !== undefined && r.method !== method) || level >= r.level,
  );
}

/** Parameters of this route that a server of this level does not know. */
export function unknownParams(level: number, method: string, path: string): string[] {
  const table = PARAM_LEVELS[`${method} ${path}`] ?? {};
  return Object.entries(table)
    .filter(([, since]) => level < since)
    .map(([name]) => name);
}

/** The client capabilities a server of this level acts on (the others it never heard of). */
export function knownCapabilities(level: number, caps: Record<string, boolean>): Record<string, boolean> {
  return Object.fromEntries(Object.entries(caps).filter(([name]) => level >= (CAPABILITY_LEVELS[name] ?? 0)));
}

function dropNewer(object: Record<string, unknown>, table: Readonly<Record<string, number>>, level: number): void {
  for (const [name, since] of Object.entries(table)) if (level < since) delete object[name];
}

/** Channel or subscription objects as a server of this level shapes them. */
export function gateChannelObjects(level: number, list: unknown): void {
  if (!Array.isArray(list)) return;
  for (const item of list) {
    if (typeof item === 'object' && item !== null)
      dropNewer(item as Record<string, unknown>, CHANNEL_FIELD_LEVELS, level);
  }
}

/** The initial state of POST /register without the fields a server of this level did not have. */
export function gateRegisterState(level: number, state: Record<string, unknown>): Record<string, unknown> {
  dropNewer(state, REGISTER_FIELD_LEVELS, level);
  for (const key of ['subscriptions', 'unsubscribed', 'never_subscribed', 'streams'])
    gateChannelObjects(level, state[key]);
  const settings = state['user_settings'];
  if (typeof settings === 'object' && settings !== null) {
    dropNewer(settings as Record<string, unknown>, USER_SETTING_LEVELS, level);
  }
  return state;
}

/** Channel objects in an API answer (GET /streams, /streams/{id}, /users/me/subscriptions) shaped for this level. */
export function gateResponse(level: number, result: Record<string, unknown>): Record<string, unknown> {
  gateChannelObjects(level, result['streams']);
  gateChannelObjects(level, result['subscriptions']);
  if (result['stream'] !== undefined) gateChannelObjects(level, [result['stream']]);
  return result;
}
