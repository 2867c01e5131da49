import { randomUUID } from 'node:crypto';
import { EventQueue, type QueueSpec } from './queue';

export interface RegistryOptions {
  /** Idle queues are garbage-collected after this long. */
  gcMs: number;
}

/** Builds one queue's copy of an event, or null to skip that queue. */
export type EventBuilder = (queue: EventQueue) => { type: string; [field: string]: unknown } | null;

/**
 * All live event queues. Routes publish events to users; the registry copies them into each of
 * those users' queues (each queue may get its own variant, e.g. with local_id or Markdown source)
 * and garbage-collects queues nobody has polled for `gcMs`.
 */
export class QueueRegistry {
  private readonly queues = new Map<string, EventQueue>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly options: RegistryOptions) {
    const sweepMs = Math.min(Math.max(options.gcMs / 4, 50), 30_000);
    this.timer = setInterval(() => this.collectGarbage(), sweepMs);
    this.timer.unref();
  }

  create(spec: QueueSpec): EventQueue {
    const queue = new EventQueue(randomUUID(), spec, Date.now());
    this.queues.set(queue.id, queue);
    return queue;
  }

  /** The queue, unless it is unknown or has been idle past the GC limit (checked here too). */
  get(id: string): EventQueue | undefined {
    const queue = this.queues.get(id);
    if (queue && queue.isIdle(Date.now(), this.options.gcMs)) {
      this.remove(id);
      return undefined;
    }
    return queue;
  }

  remove(id: string): boolean {
    const queue = this.queues.get(id);
    if (!queue) return false;
    this.queues.delete(id);
    queue.close();
    return true;
  }

  /** Delivers an event to every queue of the given users, and to extra queues if given. */
  publish(
    userIds: Iterable<number>,
    type: string,
    build: EventBuilder,
    extra: (queue: EventQueue) => boolean = () => false,
  ): void {
    const users = new Set(userIds);
    for (const queue of this.queues.values()) {
      if (!(users.has(queue.spec.userId) || extra(queue)) || !queue.accepts(type)) continue;
      const event = build(queue);
      if (event) queue.push(event);
    }
  }

  collectGarbage(now = Date.now()): void {
    for (const [id, queue] of this.queues) {
      if (queue.isIdle(now, this.options.gcMs)) this.remove(id);
    }
  }

  get size(): number {
    return this.queues.size;
  }

  /** Every live queue (the fault interface expires and restarts them). */
  list(): EventQueue[] {
    return [...this.queues.values()];
  }

  stop(): void {
    clearInterval(this.timer);
    for (const id of [...this.queues.keys()]) this.remove(id);
  }
}
