import { findUser } from '../accounts/lookup';
import { badRequest, missingParam } from '../http/errors';
import type { ApiRoute } from '../http/route';
import { legacyPresence, presenceOf, realmPresences } from '../presence/format';
import { presenceTiming, updatePresence, type PresenceStatus } from '../presence/update';

const STATUSES: readonly string[] = ['active', 'idle'];

export const presenceRoutes: ApiRoute[] = [
  {
    /**
     * POST /users/me/presence: records the caller's status (active or idle) and, unless ping_only,
     * answers the organization's presence: the modern format keyed by user ID with last_update_id
     * (only rows changed since) or slim_presence, else the legacy format keyed by email.
     * history_limit_days bounds the first fetch. new_user_input only feeds Zulip's analytics.
     */
    method: 'POST',
    path: '/users/me/presence',
    auth: 'user',
    handler: ({ app, user, params }) => {
      const status = params.string('status');
      if (status === undefined) throw missingParam('status');
      if (!STATUSES.includes(status)) throw badRequest(`Invalid status: ${status}`);
      const pingOnly = params.bool('ping_only', false);
      const slim = params.bool('slim_presence', false);
      const lastUpdateId = params.int('last_update_id');
      const historyDays = params.int('history_limit_days');
      params.bool('new_user_input', false);
      const now = Date.now() / 1000;
      updatePresence(app, user, status as PresenceStatus, now);
      if (pingOnly) return {};
      const found = realmPresences(app, { slim, lastUpdateId, historyDays }, now);
      return { presences: found.presences, server_timestamp: now, presence_last_update_id: found.lastUpdateId };
    },
  },
  {
    /** GET /realm/presence: everyone's presence in the legacy format, keyed by API email. */
    method: 'GET',
    path: '/realm/presence',
    auth: 'user',
    handler: ({ app }) => {
      const now = Date.now() / 1000;
      const found = realmPresences(app, { slim: false, lastUpdateId: undefined, historyDays: undefined }, now);
      return { presences: found.presences, server_timestamp: now };
    },
  },
  {
    /**
     * GET /users/{user_id_or_email}/presence: one user's legacy presence without client names
     * (`website` and `aggregated`); `aggregated` says offline once the report is older than the
     * offline threshold. Bots have none; a user who never reported is an error, as on Zulip.
     */
    method: 'GET',
    path: '/users/{user_id_or_email}/presence',
    auth: 'user',
    handler: ({ app, user, pathParams }) => {
      const wanted = pathParams['user_id_or_email'] ?? '';
      const target = findUser(app, user, wanted);
      if (!target) throw badRequest('No such user');
      if (target.is_bot === 1) throw badRequest('Presence is not supported for bot users.');
      const row = presenceOf(app, target);
      if (!row) throw badRequest(`No presence data for ${wanted}`);
      const offlineAfter = presenceTiming(app).offlineThresholdSeconds;
      const presence: Record<string, Record<string, unknown>> = {};
      for (const [key, value] of Object.entries(legacyPresence(row))) {
        const { client: _client, pushable: _pushable, ...rest } = value as Record<string, unknown>;
        presence[key] = rest;
      }
      const aggregated = presence['aggregated']!;
      if (Date.now() / 1000 - (aggregated['timestamp'] as number) > offlineAfter) aggregated['status'] = 'offline';
      return { presence };
    },
  },
];
