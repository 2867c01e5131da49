/**
 * The bridge over WebSocket, used when the page is served by the bridge host instead of
 * Electron. Speaks the frames of common/ipc/wire.ts and reconnects with backoff when the
 * socket drops.
 */
import type {
  Bridge,
  CallArgs,
  CallName,
  CallResult,
  EventName,
  Events,
  IpcResult,
  SendName,
  Sends,
} from '../../common/ipc/contract';
import {
  SESSION_REFUSED_CLOSE,
  type ClientFrame,
  type HelloFrame,
  type ServerFrame,
  type SingleServerFrame,
} from '../../common/ipc/wire';
import { answerFirst } from '../../common/ipc/answer-first';

export interface WsBridgeOptions {
  /** How long a call made while disconnected waits for the connection before failing. */
  waitForConnectionMs?: number;
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** Settles when the page holds its session (the launch token traded); the socket waits for it. */
  ready?: Promise<unknown>;
  /** The session secret each new socket sends as its first frame (main/host/hello.ts). */
  session?: () => string | null;
}

/** What fromLocation needs of the page besides its address. */
export interface PageSession {
  fetch: typeof fetch;
  /** Drops the spent token from the address bar and history (history.replaceState). */
  forgetFragment: () => void;
  /**
   * Where the session secret is kept across reloads of this tab: sessionStorage, which belongs to
   * this exact origin (port included), unlike a cookie, and goes with the tab.
   */
  storage: Pick<Storage, 'getItem' | 'setItem'>;
}

const SESSION_KEY = 'parley.bridgeSession';

/**
 * Trades the one-time launch token for a session secret (main/host/sessions.ts) and keeps it in
 * the page's storage. A token that is already spent (the page reloaded its old address) is not an
 * error: the secret from the first trade is still there.
 */
async function tradeToken(origin: string, token: string, page: PageSession): Promise<void> {
  try {
    const response = await page.fetch(`${origin}/session`, {
      method: 'POST',
      headers: { 'x-parley-token': token },
      credentials: 'omit',
    });
    const body: unknown = response.ok ? await response.json() : null;
    if (typeof body === 'object' && body !== null && 'session' in body && typeof body.session === 'string') {
      page.storage.setItem(SESSION_KEY, body.session);
    }
  } catch {
    // Unreachable host or a garbled answer: the socket's own reconnecting says so.
  } finally {
    page.forgetFragment();
  }
}

interface PendingCall {
  frame: ClientFrame;
  /** True once the frame went out on a socket: after a drop it must not be sent again. */
  sent: boolean;
  resolve: (result: IpcResult<unknown>) => void;
  timer: ReturnType<typeof setTimeout> | null;
}

/** Sends queued while disconnected beyond this are dropped (they are only log lines). */
const MAX_QUEUED_SENDS = 50;

export class WsBridge implements Bridge {
  private socket: WebSocket | null = null;
  private open = false;
  private nextId = 1;
  private attempt = 0;
  private everOpened = false;
  private disposed = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly pending = new Map<number, PendingCall>();
  private readonly queuedSends: ClientFrame[] = [];
  private readonly listeners = new Map<EventName, Set<(payload: never) => void>>();
  private readonly reconnectListeners = new Set<() => void>();
  private readonly waitForConnectionMs: number;
  private readonly minBackoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly session: (() => string | null) | null;
  /** Frames in order, each answer's awaiting code run before the frames after it (answer-first.ts). */
  private readonly deliver = answerFirst<SingleServerFrame>({
    handle: (frame) => this.handleFrame(frame),
    isAnswer: (frame) => frame.t === 'result',
    later: (fn) => setTimeout(fn, 0),
  });
  /** Set when the host refused this page's session: reconnecting cannot help. */
  private refusal: string | null = null;

  /**
   * The bridge of a page the host served: http://127.0.0.1:PORT/#token=... trades its token for a
   * session first; a page without one (reloaded after the trade) uses the secret it kept.
   */
  static fromLocation(location: Location, options: WsBridgeOptions = {}, page?: PageSession): WsBridge {
    const token = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const session = page ?? {
      fetch: (...args: Parameters<typeof fetch>) => fetch(...args),
      forgetFragment: () => history.replaceState(history.state, '', `${location.pathname}${location.search}`),
      storage: sessionStorage,
    };
    const ready = token ? tradeToken(location.origin, token, session) : undefined;
    return new WsBridge(`${scheme}//${location.host}/bridge`, {
      ...options,
      ...(ready ? { ready } : {}),
      session: () => session.storage.getItem(SESSION_KEY),
    });
  }

  constructor(
    private readonly url: string,
    options: WsBridgeOptions = {},
  ) {
    this.waitForConnectionMs = options.waitForConnectionMs ?? 15_000;
    this.minBackoffMs = options.minBackoffMs ?? 250;
    this.maxBackoffMs = options.maxBackoffMs ?? 5_000;
    this.session = options.session ?? null;
    if (options.ready) void options.ready.finally(() => this.disposed || this.connect());
    else this.connect();
  }

  /** Whether the socket is open right now. */
  get connected(): boolean {
    return this.open;
  }

  call<N extends CallName>(name: N, args: CallArgs<N>): Promise<IpcResult<CallResult<N>>> {
    if (this.disposed) return Promise.resolve(disconnected('The bridge to Parley was closed.') as never);
    if (this.refusal !== null) return Promise.resolve(disconnected(this.refusal) as never);
    return new Promise((resolve) => {
      const id = this.nextId++;
      const call: PendingCall = {
        frame: { t: 'call', id, name, args },
        sent: false,
        resolve: resolve as (result: IpcResult<unknown>) => void,
        timer: null,
      };
      this.pending.set(id, call);
      if (this.open) {
        this.transmit(call);
      } else {
        call.timer = setTimeout(() => {
          this.settle(id, disconnected(`Parley's core is not reachable, so "${name}" was not run. Try again shortly.`));
        }, this.waitForConnectionMs);
      }
    });
  }

  send<N extends SendName>(name: N, payload: Sends[N]): void {
    const frame: ClientFrame = { t: 'send', name, payload };
    if (this.open && this.socket) {
      this.socket.send(JSON.stringify(frame));
    } else if (this.queuedSends.length < MAX_QUEUED_SENDS) {
      this.queuedSends.push(frame);
    }
  }

  on<N extends EventName>(name: N, listener: (payload: Events[N]) => void): () => void {
    let set = this.listeners.get(name);
    if (!set) {
      set = new Set();
      this.listeners.set(name, set);
    }
    const entry = listener as (payload: never) => void;
    set.add(entry);
    return () => set.delete(entry);
  }

  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  /** Closes the socket for good and fails every call still waiting. */
  dispose(): void {
    this.disposed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.socket?.close();
    for (const id of [...this.pending.keys()]) this.settle(id, disconnected('The bridge to Parley was closed.'));
  }

  private connect(): void {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener('open', () => this.handleOpen(socket));
    socket.addEventListener('message', (event) => this.handleMessage(event.data));
    socket.addEventListener('close', (event) => this.handleClose(socket, event.code));
    // Errors are always followed by close, which is where recovery happens.
    socket.addEventListener('error', () => {});
  }

  private handleOpen(socket: WebSocket): void {
    if (socket !== this.socket) return;
    this.open = true;
    this.attempt = 0;
    // The host reads nothing else until this frame names a live session.
    // A page with no secret still says hello, so that the host refuses it at once.
    if (this.session) socket.send(JSON.stringify({ t: 'hello', session: this.session() ?? '' } satisfies HelloFrame));
    for (const frame of this.queuedSends.splice(0)) socket.send(JSON.stringify(frame));
    for (const call of this.pending.values()) if (!call.sent) this.transmit(call);
    if (this.everOpened) for (const listener of this.reconnectListeners) listener();
    this.everOpened = true;
  }

  private handleClose(socket: WebSocket, code: number): void {
    if (socket !== this.socket) return;
    this.open = false;
    this.socket = null;
    if (code === SESSION_REFUSED_CLOSE) {
      this.refusal =
        'Parley refused this page: it has no session with the running app. Open the address Parley printed when it started.';
      for (const id of [...this.pending.keys()]) this.settle(id, disconnected(this.refusal));
      return;
    }
    // A call already sent may or may not have run in main; resending could repeat it (a send
    // of a message, say), so it fails and the user decides.
    for (const [id, call] of [...this.pending]) {
      if (call.sent) this.settle(id, disconnected('The connection to Parley dropped before it answered. Try again.'));
    }
    if (this.disposed) return;
    const ceiling = Math.min(this.maxBackoffMs, this.minBackoffMs * 2 ** this.attempt);
    this.attempt++;
    // Jitter keeps several windows of one host from reconnecting in lockstep.
    const delay = ceiling / 2 + (Math.random() * ceiling) / 2;
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  private handleMessage(data: unknown): void {
    const frame = parseFrame(data);
    if (!frame) return;
    // The frames of one turn of the host's loop (a batch of server events): handled in this one
    // task, so the page renders once for all of them (unless an answer comes first among them).
    this.deliver(frame.t === 'batch' ? frame.frames : [frame]);
  }

  private handleFrame(frame: SingleServerFrame): void {
    if (frame.t === 'result') {
      this.settle(frame.id, frame.result);
      return;
    }
    for (const listener of this.listeners.get(frame.name) ?? []) {
      (listener as (payload: unknown) => void)(frame.payload);
    }
  }

  private transmit(call: PendingCall): void {
    if (call.timer) clearTimeout(call.timer);
    call.timer = null;
    call.sent = true;
    this.socket?.send(JSON.stringify(call.frame));
  }

  private settle(id: number, result: IpcResult<unknown>): void {
    const call = this.pending.get(id);
    if (!call) return;
    this.pending.delete(id);
    if (call.timer) clearTimeout(call.timer);
    call.resolve(result);
  }
}

function disconnected(message: string): IpcResult<never> {
  return { ok: false, error: { code: 'DISCONNECTED', message } };
}

/** Accepts only well-formed frames; anything else from the socket is ignored. */
function parseFrame(data: unknown): ServerFrame | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  if ((value as { t?: unknown }).t === 'batch') {
    const inner = (value as { frames?: unknown }).frames;
    if (!Array.isArray(inner)) return null;
    // A malformed frame inside is dropped alone, as it would be on its own.
    const frames = inner.map(parseSingleFrame).filter((f): f is SingleServerFrame => f !== null);
    return { t: 'batch', frames };
  }
  return parseSingleFrame(value);
}

function parseSingleFrame(value: unknown): SingleServerFrame | null {
  if (typeof value !== 'object' || value === null) return null;
  const frame = value as Record<string, unknown>;
  if (frame.t === 'result' && typeof frame.id === 'number' && isResult(frame.result)) {
    return frame as unknown as SingleServerFrame;
  }
  if (frame.t === 'event' && typeof frame.name === 'string' && 'payload' in frame) {
    return frame as unknown as SingleServerFrame;
  }
  return null;
}

function isResult(value: unknown): value is IpcResult<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const result = value as Record<string, unknown>;
  if (result.ok === true) return 'value' in result;
  if (result.ok !== false || typeof result.error !== 'object' || result.error === null) return false;
  const error = result.error as Record<string, unknown>;
  return typeof error.code === 'string' && typeof error.message === 'string';
}
