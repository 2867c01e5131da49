/**
 * The worker's results and events of one turn of its event loop go to the main thread as one
 * message, in order. Posted one by one, the main thread could wake between them and hand each to
 * the page alone: an incoming message with its read took 4 WebSocket messages with the core on
 * its thread, 2 with it in-process (issue 28; the host's frame-batcher.ts joins what arrives in
 * one turn of the main thread). Anything else (ready, closed, the thread's questions) goes at
 * once, after what is gathered.
 */
import type { FromThread, ThreadPort, TurnMessage } from './protocol';

export function turnBatcher(port: ThreadPort): (message: FromThread) => void {
  let queued: TurnMessage[] = [];
  let scheduled: NodeJS.Immediate | null = null;

  function flush(): void {
    if (scheduled) clearImmediate(scheduled);
    scheduled = null;
    const messages = queued;
    queued = [];
    if (messages.length === 1) port.postMessage(messages[0]!);
    else if (messages.length > 1) port.postMessage({ kind: 'batch', messages });
  }

  return (message) => {
    if (message.kind === 'result' || message.kind === 'event') {
      queued.push(message);
      // setImmediate, not a microtask: a call's answer comes a few promise turns after its events.
      scheduled ??= setImmediate(flush);
      return;
    }
    flush();
    port.postMessage(message);
  };
}
