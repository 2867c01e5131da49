/**
 * Gathers the frames the core pushes to one page within one turn of the event loop and sends
 * them as one WebSocket message. A batch of events from the server becomes several bridge events
 * (messages:added, sidebar:changed, unreads, records) emitted one after another; sent one by one,
 * the page took each as its own task and laid the list out for each (7 frames per incoming
 * message, issue 28). Together they cost one task and one render. Order is kept, results
 * included, so a call's answer never overtakes the events it caused.
 */
import type { ServerFrame, SingleServerFrame } from '../../common/ipc/wire';

export interface FrameBatcher {
  push(frame: SingleServerFrame): void;
  /** Sends what is gathered now (before the socket closes). */
  flush(): void;
}

export function createFrameBatcher(send: (text: string) => void): FrameBatcher {
  let queued: SingleServerFrame[] = [];
  let scheduled: NodeJS.Immediate | null = null;

  function flush(): void {
    if (scheduled) clearImmediate(scheduled);
    scheduled = null;
    const frames = queued;
    queued = [];
    if (frames.length === 0) return;
    // One frame goes as it is: the page and older tools read it unchanged.
    send(JSON.stringify(frames.length === 1 ? frames[0] : ({ t: 'batch', frames } satisfies ServerFrame)));
  }

  return {
    push(frame) {
      queued.push(frame);
      // setImmediate, not a microtask: a call's answer comes a few promise turns after the
      // events its handler emitted, and the worker's messages of one batch arrive in one poll phase.
      scheduled ??= setImmediate(flush);
    },
    flush,
  };
}
