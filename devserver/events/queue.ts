import { badEventQueue } from '../http/errors';

export interface QueueEvent {
  id: number;
  type: string;
  [field: string]: unknown;
}

/** What a client asked for at POST /register; event builders read it to shape each event. */
export interface QueueSpec {
  userId: number;
  /** null: every event type. Heartbeats are always delivered. */
  eventTypes: ReadonlySet<string> | null;
  applyMarkdown: boolean;
  clientGravatar: boolean;
  allPublicStreams: boolean;
  capabilities: Readonly<Record<string, boolean>>;
  /** Legacy [operator, operand] pairs limiting which message events arrive. */
  narrow: ReadonlyArray<readonly [string, string]>;
}

interface Waiter {
  resolve(events: QueueEvent[]): void;
  reject(error: Error): void;
}

/**
 * One client's event queue. Events get increasing IDs (from 0, so register answers -1); a poll
 * acknowledges everything up to its last_event_id, which is pruned. At most one poll waits at a
 * time: a newer poll answers the older one with an empty list, as the client has moved on.
 */
export class EventQueue {
  private events: QueueEvent[] = [];
  private nextId = 0;
  private waiter: Waiter | null = null;
  private lastActivity: number;

  constructor(
    readonly id: string,
    readonly spec: QueueSpec,
    now: number,
  ) {
    this.lastActivity = now;
  }

  accepts(type: string): boolean {
    return type === 'heartbeat' || this.spec.eventTypes === null || this.spec.eventTypes.has(type);
  }

  /** Appends an event (its ID assigned here) and wakes a waiting poll. */
  push(event: { type: string; [field: string]: unknown }): QueueEvent {
    const queued: QueueEvent = { ...event, id: this.nextId++ };
    this.events.push(queued);
    const waiter = this.waiter;
    if (waiter) {
      this.waiter = null;
      waiter.resolve([...this.events]);
    }
    return queued;
  }

  /** Drops events the client has confirmed it received. */
  acknowledge(lastEventId: number): void {
    if (this.events.length > 0 && (this.events[0]?.id ?? Infinity) <= lastEventId) {
      this.events = this.events.filter((event) => event.id > lastEventId);
    }
  }

  /**
   * Returns pending events, or waits for one. After `timeoutMs` without events a heartbeat is
   * queued (so it has an ID like any event). An aborted request releases its waiter at once.
   */
  poll(
    lastEventId: number | undefined,
    opts: { dontBlock: boolean; timeoutMs: number; signal: AbortSignal; now: number },
  ): Promise<QueueEvent[]> {
    this.lastActivity = opts.now;
    if (lastEventId !== undefined) this.acknowledge(lastEventId);
    if (this.events.length > 0 || opts.dontBlock) return Promise.resolve([...this.events]);
    this.waiter?.resolve([]);
    return new Promise<QueueEvent[]>((resolve, reject) => {
      const finish = (): void => {
        clearTimeout(timer);
        opts.signal.removeEventListener('abort', onAbort);
        this.lastActivity = Date.now();
      };
      const waiter: Waiter = {
        resolve: (events) => {
          finish();
          resolve(events);
        },
        reject: (error) => {
          finish();
          reject(error);
        },
      };
      const onAbort = (): void => {
        if (this.waiter === waiter) this.waiter = null;
        waiter.resolve([]);
      };
      const timer = setTimeout(() => this.push({ type: 'heartbeat' }), opts.timeoutMs);
      this.waiter = waiter;
      opts.signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Idle: nobody is polling and the last poll ended more than `gcMs` ago. */
  isIdle(now: number, gcMs: number): boolean {
    return this.waiter === null && now - this.lastActivity > gcMs;
  }

  /** Ends the queue: a waiting poll fails with BAD_EVENT_QUEUE_ID. */
  close(): void {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.reject(badEventQueue(this.id));
  }

  get pendingCount(): number {
    return this.events.length;
  }

  /** A blocking poll is waiting on this queue right now. */
  get polling(): boolean {
    return this.waiter !== null;
  }
}
