/**
 * Zulip's temporary upload URLs (GET /api/v1/user_uploads/{realm}/{path}): a link that needs no
 * credentials, for clients that cannot send them with an image request, valid for 60 s as on Zulip.
 * Tokens live in memory; a restart forgets them, as a real server's expire.
 */
import { randomBytes } from 'node:crypto';
import type { App } from '../app';

const LIFETIME_MS = 60_000;

const tokensByApp = new WeakMap<App, Map<string, { pathId: string; expires: number }>>();

function tokens(app: App): Map<string, { pathId: string; expires: number }> {
  let map = tokensByApp.get(app);
  if (!map) {
    map = new Map();
    tokensByApp.set(app, map);
  }
  return map;
}

export function temporaryUrl(app: App, pathId: string, now = Date.now()): string {
  const map = tokens(app);
  for (const [token, entry] of map) if (entry.expires <= now) map.delete(token);
  const token = randomBytes(24).toString('hex');
  map.set(token, { pathId, expires: now + LIFETIME_MS });
  const name = pathId.split('/').pop() ?? '';
  return `/user_uploads/temporary/${token}/${encodeURIComponent(name)}`;
}

/** The path ID a live token stands for, or undefined (unknown or expired). */
export function pathForToken(app: App, token: string, now = Date.now()): string | undefined {
  const entry = tokens(app).get(token);
  return entry && entry.expires > now ? entry.pathId : undefined;
}
