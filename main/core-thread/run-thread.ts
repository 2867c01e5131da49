/**
 * The worker side: runs the core (every account's SQLite cache, sync loop, outbox and push) on
 * this thread and answers the main thread's messages. SQLite writes can stall on the disk for
 * tens of milliseconds however they are batched (bench/README.md has the numbers); here a stall
 * delays only the core's own work, never the thread that routes the app's IPC.
 */
import { existsSync } from 'node:fs';
import { proxyFetchFromEnv } from '../api/proxy';
import { fetchTransport } from '../api/transport';
import { trustSystemCertificates } from '../api/system-ca';
import { systemProxyTransport } from '../api/system-proxy';
import { keepAliveTransport } from '../api/keep-alive-transport';
import type { PushToken } from '../push/payload';
import { appDbPath } from '../store/app-store';
import { useSqliteBinding } from '../store/native-binding';
import { createCore } from '../core';
import { MemoryCredentialStore, keychainCallsSettled, openCredentialStore } from '../credentials';
import { createLogger } from '../log';
import type { CoreThreadOptions, ThreadPort, ToThread } from './protocol';
import { turnBatcher } from './turn-batcher';
import { SettledCollector, fullCollection } from './settle-gc';

type Core = Awaited<ReturnType<typeof createCore>>;

/**
 * Asks the main thread what only it can get: the platform's push token, and the OS proxy for a
 * URL (Electron's session.resolveProxy).
 */
function mainThreadAsker(port: ThreadPort) {
  let nextId = 1;
  const waiting = new Map<number, { resolve: (v: PushToken | string | null) => void; reject: (e: Error) => void }>();
  const ask = (message: { what: 'pushToken' } | { what: 'proxy'; url: string }) => {
    const id = nextId++;
    return new Promise<PushToken | string | null>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      port.postMessage({ kind: 'ask', id, ...message });
    });
  };
  return {
    pushToken: () => ask({ what: 'pushToken' }) as Promise<PushToken | null>,
    proxy: async (url: string) => String((await ask({ what: 'proxy', url })) ?? 'DIRECT'),
    answer(message: Extract<ToThread, { kind: 'answer' }>): void {
      const w = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error !== undefined) w?.reject(new Error(message.error));
      else w?.resolve(message.value);
    },
  };
}

async function openCore(o: CoreThreadOptions, asker: ReturnType<typeof mainThreadAsker>): Promise<Core> {
  // This thread opens its own databases: it must load the addon built for this runtime.
  useSqliteBinding(o.sqliteBinding);
  const log = createLogger({ name: o.log?.name ?? 'core', ...(o.log?.level ? { level: o.log.level } : {}) });
  // The keychain answers from another process: its round trips run while this thread sets up the
  // network below (~30-80 ms of CPU at a launch), not before it. A data folder that has an app
  // database is a launch with keys stored before: reading them is its first use of the keychain,
  // so the probe only reads (credentials/index.ts).
  const opening = o.memoryCredentials
    ? null
    : openCredentialStore(log.child('credentials'), {
        ...(o.keychainService ? { service: o.keychainService } : {}),
        probe: existsSync(appDbPath(o.dataDir)) ? 'read' : 'write',
      });
  // This thread's fetch reaches every server: let it trust what the system trusts (private CAs).
  trustSystemCertificates(undefined, log.child('net'));
  // A proxy the environment names wins (as for curl): undici's fetch for every request (it applies
  // NO_PROXY). Otherwise the OS settings, where asked for, per server: kept sockets of node:http
  // for those reached directly, undici through the proxy for the others.
  const envProxy = proxyFetchFromEnv(process.env, log.child('net'));
  const transport = envProxy
    ? fetchTransport(envProxy)
    : o.systemProxy
      ? systemProxyTransport((url) => asker.proxy(url), log.child('net'), keepAliveTransport())
      : null;
  const credentials = opening ? (await opening).store : new MemoryCredentialStore();
  return createCore({
    dataDir: o.dataDir,
    credentials,
    log,
    ...(transport ? { transport } : {}),
    ...(o.syncGraceMs !== undefined ? { syncGraceMs: o.syncGraceMs } : {}),
    ...(o.rendererDir !== undefined ? { rendererDir: o.rendererDir } : {}),
    collectGarbage: fullCollection,
    ...(o.push ? { push: { bouncerPublicKey: o.push.bouncerPublicKey, token: asker.pushToken } } : {}),
  });
}

/**
 * Starts the core and serves `port` until told to close. Messages that arrive while the core is
 * still opening wait for it, so the main thread may send calls at once.
 */
export function runCoreThread(port: ThreadPort, options: CoreThreadOptions): void {
  const asker = mainThreadAsker(port);
  const post = turnBatcher(port);
  const opening = openCore(options, asker);
  let core: Core | null = null;
  const collector = new SettledCollector();
  opening.then(
    (c) => {
      core = c;
      c.subscribe((name, payload) => {
        collector.noteEvent(name, payload);
        post({ kind: 'event', name, payload });
      });
      post({ kind: 'ready', keychain: c.keychain });
    },
    (e: unknown) => post({ kind: 'failed', message: e instanceof Error ? e.message : String(e) }),
  );

  port.on('message', (message) => {
    // Answers must not wait for the core: opening it may be what asked.
    if (message.kind === 'answer') return asker.answer(message);
    void opening.then(async () => {
      if (!core) return;
      switch (message.kind) {
        case 'call':
          collector.noteCall();
          post({ kind: 'result', id: message.id, result: await core.dispatch(message.name, message.args) });
          break;
        case 'send':
          core.receive(message.name, message.payload);
          break;
        case 'close':
          collector.stop();
          await core.close();
          // The main thread ends this thread on 'closed': not while a keytar call is in flight
          // (a picture's signing key, a sign-in's save), which would abort the whole process.
          await keychainCallsSettled();
          post({ kind: 'closed' });
          break;
      }
    });
  });
}
