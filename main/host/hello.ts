/**
 * The first frame of every bridge socket: the page's session secret (sessions.ts). Until it is
 * accepted the socket gets no events and nothing it sends reaches the core; a wrong, late or
 * missing hello closes it with SESSION_REFUSED_CLOSE.
 */
import type { RawData, WebSocket } from 'ws';
import * as z from 'zod';
import { SESSION_REFUSED_CLOSE } from '../../common/ipc/wire';
import type { Logger } from '../log';

/** A page sends its hello as soon as the socket opens; this is only the bound for one that never does. */
const HELLO_TIMEOUT_MS = 10_000;

const helloFrame = z.object({ t: z.literal('hello'), session: z.string().min(1).max(200) });

export function rawToText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  return Buffer.from(new Uint8Array(data)).toString('utf8');
}

/** The session secret of a hello frame, or null for anything else. */
export function parseHello(text: string): string | null {
  try {
    const hello = helloFrame.safeParse(JSON.parse(text));
    return hello.success ? hello.data.session : null;
  } catch {
    return null;
  }
}

/**
 * Waits for the socket's first frame and calls `admitted` (synchronously, so the next frame
 * already finds its listeners) when it is the hello of a live session.
 */
export function awaitHello(
  socket: WebSocket,
  admits: (secret: string) => boolean,
  log: Logger,
  admitted: () => void,
): void {
  const refuse = (why: string): void => {
    log.warn(`refused a bridge connection: ${why}`);
    socket.close(SESSION_REFUSED_CLOSE, 'No session');
  };
  const timer = setTimeout(() => refuse('no hello in time'), HELLO_TIMEOUT_MS);
  socket.once('close', () => clearTimeout(timer));
  socket.once('message', (data, isBinary) => {
    clearTimeout(timer);
    const secret = isBinary ? null : parseHello(rawToText(data));
    if (secret === null) refuse('the first frame was not a hello');
    else if (!admits(secret)) refuse('unknown session');
    else admitted();
  });
}
