import { webPublicAccessEnabled } from '../channels/spectators';
import { parseQueueSpec } from '../events/spec';
import { authenticate } from '../http/auth';
import { badRequest, unauthorized } from '../http/errors';
import type { ApiRoute } from '../http/route';
import { spectatorState } from '../register/spectator';
import { initialState } from '../register/state';
import { readIncludeSubscribers } from '../register/subscriptions';
import { gateRegisterState, knownCapabilities } from '../levels/gate';
import { versionFields } from '../version';

export const registerRoutes: ApiRoute[] = [
  {
    /**
     * POST /register: creates an event queue for the caller and returns the initial data selected
     * by fetch_event_types (falling back to event_types, then to everything). Without
     * credentials, in an organization open to spectators, it returns the public data and
     * queue_id null (client_gravatar and include_subscribers=true are refused then).
     */
    method: 'POST',
    path: '/register',
    auth: 'none',
    handler: ({ app, params, req }) => {
      const user = req.headers.authorization ? authenticate(req, app.store) : null;
      if (user === null) {
        if (!webPublicAccessEnabled(app)) throw unauthorized();
        if (params.bool('client_gravatar', false)) {
          throw badRequest("Invalid 'client_gravatar' parameter for anonymous request");
        }
        if (readIncludeSubscribers(params, app.options.featureLevel) === 'true') {
          throw badRequest("Invalid 'include_subscribers' parameter for anonymous request");
        }
      }
      const level = app.options.featureLevel;
      const parsed = parseQueueSpec(params, user?.id ?? 0);
      // An older server acts only on the capabilities it knows, in register and events alike.
      const spec = { ...parsed, capabilities: knownCapabilities(level, parsed.capabilities) };
      const fetchTypes = params.stringList('fetch_event_types');
      const includeSubscribers = readIncludeSubscribers(params, level);
      const presence = {
        slim: params.bool('slim_presence', false),
        historyDays: params.int('presence_history_limit_days'),
      };
      const types = fetchTypes !== undefined ? new Set(fetchTypes) : spec.eventTypes;
      if (user === null) {
        return {
          queue_id: null,
          last_event_id: -1,
          ...versionFields(app.options.featureLevel),
          ...spectatorState(app, types, app.serverGeneration),
        };
      }
      const state = initialState(app, user, {
        fetchTypes: types,
        includeSubscribers,
        capabilities: spec.capabilities,
        serverGeneration: app.serverGeneration,
        presence,
      });
      const queue = app.queues.create(spec);
      return { queue_id: queue.id, last_event_id: -1, ...versionFields(level), ...gateRegisterState(level, state) };
    },
  },
];
