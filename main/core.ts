/**
 * The transport-neutral core: opens the app database and the credential store, resumes
 * every saved account (cache first, network later) and answers calls. Electron's IPC and
 * the bridge host's WebSocket both drive it through the Core interface.
 */
import type { Sends } from '../common/ipc/contract';
import type { KeychainStatus } from '../common/model';
import { AccountManager } from './accounts/manager';
import { fetchTransport, type HttpTransport } from './api/transport';
import { screenStateSchema } from './notifications/attention';
import { PushSetup, type PushOptions } from './accounts/push-setup';
import { keychainName, openCredentialStore, type CredentialStore } from './credentials';
import { dispatch } from './ipc/dispatch';
import { FirstScreen, readFirstScreen } from './first-screen';
import { createHandlers } from './ipc/handlers';
import type { Core, EventListener } from './ipc/types';
import { createLogger, type Logger } from './log';
import type { PictureKeeper } from './launch-picture/keep';
import { ensurePictureSigningKey } from './launch-picture/signing';
import { AppStore } from './store/app-store';
import { systemClock, type Clock } from './sync/clock';

export interface CoreOptions {
  /** App data folder: <dataDir>/parley.sqlite (app db) and <dataDir>/accounts/<accountId>.sqlite. */
  dataDir: string;
  /** Default: openCredentialStore() (keytar, else memory for this session). */
  credentials?: CredentialStore;
  /** How requests go out. Default: ApiClient's (direct connections, sockets kept). */
  transport?: HttpTransport;
  /** A fetch to send every request with instead (tests that count or hold requests); wins over `transport`. */
  fetch?: typeof fetch;
  log?: Logger;
  /** Default: the system clock. */
  clock?: Clock;
  /**
   * Encrypted push: the platform's device token (main/electron passes APNs on macOS; tests a
   * made-up one) and the bouncer key. Without it push stays off and nothing is registered.
   */
  push?: PushOptions;
  /**
   * How long syncing may wait for the renderer's first screen (the open conversation's first page,
   * or the sidebar when none is open) to be answered from the cache; 0 (the default): it starts at
   * once. The sync's first work (register, applying the snapshot it answers) runs on this thread,
   * and begun at once it held a warm start's first page up by up to 300 ms in a 100k-message
   * organization (bench `ui` suite). The app passes SYNC_GRACE_MS (main/core-thread/protocol.ts).
   */
  syncGraceMs?: number;
  /** See FIRST_SCREEN_QUIET_MS; tests lengthen it so a loaded machine's pauses do not count. */
  firstScreenQuietMs?: number;
  /** See FIRST_SCREEN_CAP_MS; tests lengthen it likewise. */
  firstScreenCapMs?: number;
  /**
   * The renderer build the window runs (its index.html and stylesheet): a launch picture keeps
   * only the classes its stylesheet styles (main/launch-picture/keep.ts). Without it no picture
   * is kept, and the next start shows the app as it draws.
   */
  rendererDir?: string;
  /**
   * A full garbage collection (on the core's worker thread, V8's: main/core-thread/settle-gc.ts).
   * Run once a register's answer has been stored and let go: at 30,000 people that answer (13 MB
   * of JSON and its parse) was still garbage in the heap while the sidebar was built and sent,
   * the process's peak (issue 28). Absent: nothing is collected there.
   */
  collectGarbage?: () => void;
}

async function credentialsFor(
  opts: CoreOptions,
  log: Logger,
): Promise<{ store: CredentialStore; status: KeychainStatus }> {
  if (!opts.credentials) return openCredentialStore(log.child('credentials'));
  const status: KeychainStatus =
    opts.credentials.kind === 'keychain'
      ? { kind: 'keychain', name: keychainName() }
      : { kind: 'memory', reason: 'An in-memory key store was configured.' };
  return { store: opts.credentials, status };
}

/**
 * How long the core hears no call, once the first screen is answered, before the sync starts: the
 * rest of the page's first calls come within a few milliseconds of each other.
 */
export const FIRST_SCREEN_QUIET_MS = 100;

/**
 * Once the page has asked for its first screen, how long the sync may still wait for its calls to
 * be answered: the grace counts from the core's start, and on a loaded machine the window's first
 * calls came after it had run out, so the sync's first work went before them anyway.
 */
export const FIRST_SCREEN_CAP_MS = 3000;

/**
 * Runs `start` once: when opened, or after `graceMs` (at once, on the next turn, for 0); `extend`
 * lets that wait last at least `ms` more from now (it never shortens it).
 */
function startGate(graceMs: number, start: () => void): { open(): void; extend(ms: number): void; cancel(): void } {
  let done = false;
  const open = (): void => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    start();
  };
  let until = Date.now() + Math.max(0, graceMs);
  let timer = setTimeout(open, Math.max(0, graceMs));
  return {
    open,
    extend(ms) {
      if (done || Date.now() + ms <= until) return;
      until = Date.now() + ms;
      clearTimeout(timer);
      timer = setTimeout(open, ms);
    },
    cancel() {
      done = true;
      clearTimeout(timer);
    },
  };
}

/**
 * Resolves once the app database is open and every account's cache is open; syncing starts
 * after, on a later turn (with syncGraceMs, once the first screen is answered), so a subscriber
 * added as soon as this resolves sees each account's warm-start sidebar:changed. Rejects only
 * when the app database cannot be used.
 */
export async function createCore(opts: CoreOptions): Promise<Core & { keychain: KeychainStatus }> {
  const log = opts.log ?? createLogger({ name: 'core' });
  const transport = opts.fetch ? fetchTransport(opts.fetch) : opts.transport;
  const { store: credentials, status: keychain } = await credentialsFor(opts, log);
  /** This install's launch picture key, once asked for (the first window picture). */
  let pictureKey: Promise<Buffer> | null = null;
  let keeper: Promise<PictureKeeper> | null = null;
  const keepPicture = async (payload: unknown): Promise<void> => {
    const rendererDir = opts.rendererDir;
    if (rendererDir === undefined) return log.debug('no window picture kept: no renderer build to check it against');
    // One key per install, made on the first picture and kept in the keychain (signing.ts).
    pictureKey ??= ensurePictureSigningKey(credentials);
    // The sanitizer's code is loaded with the first picture, not with the core.
    keeper ??= import('./launch-picture/keep').then((m) =>
      m.pictureKeeper(opts.dataDir, rendererDir, (id) => manager.has(id)),
    );
    const [key, kept] = await Promise.all([pictureKey, keeper]);
    kept.keep(payload, key);
  };
  const appStore = AppStore.open(opts.dataDir, (e) => log.error(e.message, { movedTo: e.movedTo }));
  const listeners = new Set<EventListener>();
  const emit: EventListener = (name, payload) => {
    for (const listener of listeners) {
      try {
        listener(name, payload);
      } catch (e) {
        log.error('an event listener failed', { event: name, error: e });
      }
    }
  };
  const manager = new AccountManager({
    dataDir: opts.dataDir,
    appStore,
    credentials,
    keychain,
    log: log.child('accounts'),
    clock: opts.clock ?? systemClock,
    emit,
    ...(transport ? { transport } : {}),
    ...(opts.collectGarbage ? { collectGarbage: opts.collectGarbage } : {}),
    ...(opts.push
      ? {
          push: new PushSetup({
            options: opts.push,
            credentials,
            accounts: () => appStore.accounts().map((r) => ({ realmUrl: r.realmUrl, email: r.email })),
            log: log.child('push'),
          }),
        }
      : {}),
  });
  await manager.resumeAll();
  const resumed = manager.appState();
  // The call that answers the first screen: the conversation the app reopens, else the sidebar.
  const firstScreen = resumed.lastView ? 'messages:page' : 'sidebar:get';
  // Read while the window loads, when the sync waits for the first screen (without a grace the
  // sync starts on the next turn and would drop it unused).
  const graceMs = opts.syncGraceMs ?? 0;
  const ahead = graceMs > 0 ? readFirstScreen(manager, resumed, log.child('first-screen')) : new FirstScreen(null, log);
  let syncBegun = false;
  const syncStart = startGate(graceMs, () => {
    syncBegun = true;
    ahead.discard();
    manager.startAll();
  });
  const handlers = createHandlers(manager, transport, emit);
  let closing: Promise<void> | null = null;
  // The page asks for its whole first screen at once (the conversation, the sidebar, the compose
  // box's draft, settings...), and its calls reach this thread over some milliseconds: the sync
  // waits until they have all been answered and none came for a moment, not only for the first,
  // or its first work (register, the snapshot) ran before the compose box and the rest were
  // answered, and a warm start was drawn but not usable for a second (issue 28 item 1).
  let inFlight = 0;
  let firstScreenAnswered = false;
  let quiet: NodeJS.Timeout | undefined;
  const quietMs = opts.firstScreenQuietMs ?? FIRST_SCREEN_QUIET_MS;
  const capMs = opts.firstScreenCapMs ?? FIRST_SCREEN_CAP_MS;

  return {
    keychain,
    async dispatch(name, args) {
      if (name === firstScreen && graceMs > 0 && !firstScreenAnswered) syncStart.extend(capMs);
      inFlight++;
      if (quiet !== undefined) clearTimeout(quiet);
      try {
        return (await ahead.take(name, args)) ?? (await dispatch(handlers, name, args, log));
      } finally {
        inFlight--;
        if (name === firstScreen) firstScreenAnswered = true;
        // After this answer is on its way: the sync's first work runs on this thread.
        // (No timer once the sync has begun: every later call would wake this thread for nothing.)
        if (!syncBegun && firstScreenAnswered && inFlight === 0) quiet = setTimeout(syncStart.open, quietMs);
      }
    },
    receive(name, payload) {
      if (name === 'app:wake') {
        manager.wakeAll();
      } else if (name === 'window:picture') {
        keepPicture(payload).catch((e: unknown) => {
          // Only the next start's picture is lost; it shows the app as it draws.
          log.warn('could not keep the window picture', { error: e instanceof Error ? e.message.slice(0, 300) : e });
        });
      } else if (name === 'window:attention') {
        const parsed = screenStateSchema.safeParse(payload);
        if (parsed.success) manager.attention.update(parsed.data);
        else log.warn('window:attention with a payload of the wrong shape; dropped');
      } else if (name === 'log:error') {
        const { message, stack } = payload as Sends['log:error'];
        log.error(`renderer: ${String(message).slice(0, 2000)}`, stack ? { stack: String(stack).slice(0, 8000) } : {});
      } else {
        log.warn('unknown message from the renderer; dropped', { name: String(name).slice(0, 80) });
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      clearTimeout(quiet);
      syncStart.cancel();
      closing ??= manager.closeAll().finally(() => {
        listeners.clear();
        appStore.close();
      });
      return closing;
    },
  };
}
