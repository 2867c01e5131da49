import type { App } from '../app';
import { versionFields } from '../version';
import { FaultRequestError } from './rules';

export interface QueueSummary {
  queue_id: string;
  user_id: number;
  /** Events waiting for the client to acknowledge them. */
  pending: number;
  /** A blocking GET /events is waiting on it now. */
  polling: boolean;
}

export function listQueues(app: App): QueueSummary[] {
  return app.queues.list().map((queue) => ({
    queue_id: queue.id,
    user_id: queue.spec.userId,
    pending: queue.pendingCount,
    polling: queue.polling,
  }));
}

/**
 * Deletes queues as the garbage collector would: the client's next poll (or the one waiting now)
 * gets BAD_EVENT_QUEUE_ID. Selects one queue, one user's queues, or with no filter every queue.
 */
export function expireQueues(app: App, filter: { queue_id?: unknown; user_id?: unknown }): string[] {
  const { queue_id: queueId, user_id: userId } = filter;
  if (queueId !== undefined && typeof queueId !== 'string') throw new FaultRequestError('queue_id must be a string');
  if (userId !== undefined && !Number.isInteger(userId)) throw new FaultRequestError('user_id must be an integer');
  const chosen = app.queues
    .list()
    .filter(
      (queue) =>
        (queueId === undefined || queue.id === queueId) && (userId === undefined || queue.spec.userId === userId),
    );
  if (queueId !== undefined && chosen.length === 0) throw new FaultRequestError(`no live queue has the ID ${queueId}`);
  for (const queue of chosen) app.queues.remove(queue.id);
  return chosen.map((queue) => queue.id);
}

/**
 * Simulates a server restart. Like Zulip's Tornado, first a `restart` event goes to every queue
 * that accepts it (a waiting poll returns with it at once); then, unlike Zulip, which reloads its
 * queues from disk, every queue is lost unless `keepQueues` is set. POST /register reports the new
 * server_generation from then on.
 */
export function restartServer(
  app: App,
  keepQueues: boolean,
): { notified: number; dropped: number; server_generation: number } {
  // Strictly later than the old generation even within the same second, so it always differs.
  const serverGeneration = Math.max(Math.floor(Date.now() / 1000), app.serverGeneration + 1);
  app.serverGeneration = serverGeneration;
  let notified = 0;
  app.queues.publish(
    [],
    'restart',
    () => {
      notified += 1;
      const { zulip_version, zulip_merge_base, zulip_feature_level } = versionFields(app.options.featureLevel);
      return {
        type: 'restart',
        zulip_version,
        zulip_merge_base,
        zulip_feature_level,
        server_generation: serverGeneration,
      };
    },
    () => true,
  );
  const doomed = keepQueues ? [] : app.queues.list();
  for (const queue of doomed) app.queues.remove(queue.id);
  return { notified, dropped: doomed.length, server_generation: serverGeneration };
}
