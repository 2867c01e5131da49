/**
 * A WebSocket client for host tests that speaks the bridge frames and lets a test wait for the
 * next frame matching a condition.
 */
import WebSocket from 'ws';
import type { ServerFrame, SingleServerFrame } from '../../common/ipc/wire';

export interface BridgeClient {
  socket: WebSocket;
  /** Every answer and event, batches unpacked. */
  frames: SingleServerFrame[];
  /** The WebSocket messages as they came (a batch is one). */
  messages: ServerFrame[];
  sendText(text: string): void;
  call(id: number, name: string, args: unknown): void;
  next(match: (frame: SingleServerFrame) => boolean, timeoutMs?: number): Promise<SingleServerFrame>;
  closed: Promise<number>;
}

/**
 * Resolves with a connected client that has sent `session` as its hello frame (when given), or
 * rejects with the HTTP status the server refused the upgrade with. `headers` are sent as given.
 */
export function connectBridge(
  url: string,
  origin: string | undefined,
  session?: string,
  headers: Record<string, string> = {},
): Promise<BridgeClient> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { ...(origin === undefined ? {} : { origin }), headers });
    const frames: SingleServerFrame[] = [];
    const messages: ServerFrame[] = [];
    const waiters: { match: (f: SingleServerFrame) => boolean; resolve: (f: SingleServerFrame) => void }[] = [];
    socket.on('unexpected-response', (_req, res) => {
      reject(Object.assign(new Error(`refused with ${res.statusCode}`), { status: res.statusCode }));
      socket.terminate();
    });
    socket.on('error', reject);
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as ServerFrame;
      messages.push(message);
      // A batch's frames are read one by one, as the page does.
      for (const frame of message.t === 'batch' ? message.frames : [message]) {
        frames.push(frame);
        for (const waiter of [...waiters]) {
          if (waiter.match(frame)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(frame);
          }
        }
      }
    });
    const closed = new Promise<number>((done) => socket.on('close', (code) => done(code)));
    socket.on('open', () => {
      if (session !== undefined) socket.send(JSON.stringify({ t: 'hello', session }));
      resolve({
        socket,
        frames,
        messages,
        closed,
        sendText: (text) => socket.send(text),
        call: (id, name, args) => socket.send(JSON.stringify({ t: 'call', id, name, args })),
        next(match, timeoutMs = 15_000) {
          const seen = frames.find(match);
          if (seen) return Promise.resolve(seen);
          return new Promise((resolveFrame, rejectFrame) => {
            const timer = setTimeout(() => rejectFrame(new Error('no matching frame arrived')), timeoutMs);
            waiters.push({
              match,
              resolve: (frame) => {
                clearTimeout(timer);
                resolveFrame(frame);
              },
            });
          });
        },
      });
    });
  });
}

export function resultOf(frames: SingleServerFrame[], id: number): SingleServerFrame | undefined {
  return frames.find((frame) => frame.t === 'result' && frame.id === id);
}

/** Whether a connected client gets IPC: its call is answered, or the socket is closed (with its code). */
export async function ipcOutcome(client: BridgeClient): Promise<string> {
  client.call(900, 'app:state', {});
  return Promise.race([
    client.next((f) => f.t === 'result' && f.id === 900).then(() => 'answered'),
    client.closed.then((code) => `closed ${code}`),
  ]);
}
