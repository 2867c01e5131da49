import { parseQueueSpec } from '../events/spec';
import { badRequest } from '../http/errors';
import type { ApiRoute } from '../http/route';
import { initialState } from '../register/state';
import type { IncludeSubscribers } from '../register/subscriptions';
import { versionFields } from '../version';

/** Identifies this server process; clients compare it across restarts. */
const SERVER_GENERATION = Math.floor(Date.now() / 1000);

export const registerRoutes: ApiRoute[] = [
  {
    /**
     * POST /register: creates an event queue for the caller and returns the initial data selected
     * by fetch_event_types (falling back to event_types, then to everything).
     */
    method: 'POST',
    path: '/register',
    auth: 'user',
    handler: ({ app, user, params }) => {
      const spec = parseQueueSpec(params, user.id);
      const fetchTypes = params.stringList('fetch_event_types');
      const includeSubscribers = params.string('include_subscribers') ?? 'false';
      if (!['true', 'false', 'partial'].includes(includeSubscribers)) {
        throw badRequest('include_subscribers must be true, false or partial');
      }
      // Accepted for fidelity; presence is not modelled in this slice, so they change nothing.
      params.bool('slim_presence', false);
      params.int('presence_history_limit_days');
      const state = initialState(app, user, {
        fetchTypes: fetchTypes !== undefined ? new Set(fetchTypes) : spec.eventTypes,
        includeSubscribers: includeSubscribers as IncludeSubscribers,
        capabilities: spec.capabilities,
        serverGeneration: SERVER_GENERATION,
      });
      const queue = app.queues.create(spec);
      return { queue_id: queue.id, last_event_id: -1, ...versionFields(), ...state };
    },
  },
];
