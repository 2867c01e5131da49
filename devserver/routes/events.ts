import { parseQueueSpec } from '../events/spec';
import type { EventQueue } from '../events/queue';
import { badEventQueue, badRequest, missingParam } from '../http/errors';
import type { ApiRoute, RequestContext } from '../http/route';
import type { UserRow } from '../store/rows';

/** The caller's queue, or BAD_EVENT_QUEUE_ID if it is unknown or collected. */
function ownQueue(ctx: RequestContext<UserRow>, queueId: string): EventQueue {
  const queue = ctx.app.queues.get(queueId);
  if (!queue) throw badEventQueue(queueId);
  if (queue.spec.userId !== ctx.user.id) throw badRequest('You are not authorized to get events from this queue');
  return queue;
}

export const eventRoutes: ApiRoute[] = [
  {
    /**
     * GET /events: long-polls a queue. Returns at once if events newer than last_event_id are
     * pending (or with dont_block); otherwise waits for one, and after the heartbeat interval
     * returns a heartbeat event. Without queue_id, a queue is registered from the same parameters
     * POST /register takes and its events are returned.
     */
    method: 'GET',
    path: '/events',
    auth: 'user',
    handler: async (ctx) => {
      const { app, params } = ctx;
      const queueId = params.string('queue_id');
      const queue =
        queueId === undefined ? app.queues.create(parseQueueSpec(params, ctx.user.id)) : ownQueue(ctx, queueId);
      const lastEventId = params.int('last_event_id');
      const dontBlock = params.bool('dont_block', false);
      const waitSeconds = Math.min(app.options.heartbeatSeconds, app.options.longpollTimeoutSeconds);
      const events = await queue.poll(lastEventId, {
        dontBlock,
        timeoutMs: waitSeconds * 1000,
        signal: ctx.signal,
        now: Date.now(),
      });
      return { events, queue_id: queue.id };
    },
  },
  {
    /** DELETE /events: deletes a queue; a poll waiting on it ends with BAD_EVENT_QUEUE_ID. */
    method: 'DELETE',
    path: '/events',
    auth: 'user',
    handler: (ctx) => {
      const queueId = ctx.params.string('queue_id');
      if (queueId === undefined) throw missingParam('queue_id');
      ownQueue(ctx, queueId);
      ctx.app.queues.remove(queueId);
      return {};
    },
  },
];
