/**
 * The Electron transport end to end, minus Electron: the preload's bridge → (stand-in IPC) →
 * ipc-wiring → the real core → the real dev server, and core events back to the page.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IPC_CALL_CHANNEL,
  IPC_EVENT_CHANNEL,
  IPC_SEND_CHANNEL,
  type Bridge,
  type CallName,
} from '../../common/ipc/contract';
import type { AccountSummary } from '../../common/model';
import { createCore } from '../../main/core';
import { MemoryCredentialStore } from '../../main/credentials';
import { forwardCoreEvents, wireCoreToIpc } from '../../main/electron/ipc-wiring';
import { createLogger } from '../../main/log';
import { isAppUrl } from '../../main/shell/navigation';
import { createPreloadBridge } from '../../preload/bridge';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { FakeElectronIpc } from './fake-electron-ipc';

const entryUrl = 'file:///opt/Parley/resources/app.asar/renderer/dist/index.html';
let work: string;
let server: RunningDevServer;
let core: Awaited<ReturnType<typeof createCore>>;
let ipc: FakeElectronIpc;
let bridge: Bridge;
let unwire: () => void;
let stopEvents: () => void;
const logLines: string[] = [];
const refused: (string | null)[] = [];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'parley-preload-'));
  server = await startDevServer({ seed: 'demo' });
  const log = createLogger({ name: 'test', sink: (line) => logLines.push(line) });
  core = await createCore({ dataDir: work, credentials: new MemoryCredentialStore(), log });
  ipc = new FakeElectronIpc(entryUrl);
  unwire = wireCoreToIpc({
    core,
    ipcMain: ipc.ipcMain,
    isAppUrl: (url) => isAppUrl(url, entryUrl),
    onRefused: (_channel, url) => refused.push(url),
  });
  stopEvents = forwardCoreEvents(core, () => ipc.webContents);
  bridge = createPreloadBridge(ipc.ipcRenderer);
});

afterAll(async () => {
  stopEvents?.();
  await core?.close();
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('calls', () => {
  it('reach the core and come back as IpcResults', async () => {
    const state = await bridge.call('app:state', {});
    expect(state).toMatchObject({ ok: true, value: { accounts: [], activeAccountId: null } });
    const probe = await bridge.call('server:probe', { url: server.baseUrl });
    expect(probe).toMatchObject({ ok: true, value: { realmName: server.realmName } });
  });

  it('come back as errors for bad arguments, checked by the core', async () => {
    const result = await bridge.call('server:probe', { url: 42 } as never);
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
  });

  it('with a name outside the contract are refused in the preload', async () => {
    const result = await bridge.call('fs:read' as CallName, {} as never);
    expect(result).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CALL' } });
  });

  it('from a frame that is not the app page are refused in main', async () => {
    ipc.senderUrl = 'https://evil.example/';
    try {
      const result = await bridge.call('app:state', {});
      expect(result).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
      expect(refused).toContain('https://evil.example/');
    } finally {
      ipc.senderUrl = entryUrl;
    }
  });
});

describe('events', () => {
  it('arrive at subscribers by name, with the payload only', async () => {
    const seen: AccountSummary[][] = [];
    const unsubscribe = bridge.on('accounts:changed', (payload) => seen.push(payload.accounts));
    const owner = server.byRole(100);
    const signIn = await bridge.call('account:signIn', {
      url: server.baseUrl,
      email: owner.email,
      password: owner.password,
    });
    expect(signIn).toMatchObject({ ok: true, value: { email: owner.email } });
    await expect.poll(() => seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)).toEqual([expect.objectContaining({ email: owner.email })]);
    unsubscribe();
    unsubscribe();
  });

  it('stop reaching a listener after it unsubscribes, and the IPC listener goes with the last one', () => {
    const calls: number[] = [];
    const first = bridge.on('sidebar:changed', () => calls.push(1));
    const second = bridge.on('sidebar:changed', () => calls.push(2));
    expect(ipc.rendererListenerCount(IPC_EVENT_CHANNEL)).toBe(1);
    ipc.webContents.send(IPC_EVENT_CHANNEL, 'sidebar:changed', { sidebar: null });
    first();
    ipc.webContents.send(IPC_EVENT_CHANNEL, 'sidebar:changed', { sidebar: null });
    second();
    ipc.webContents.send(IPC_EVENT_CHANNEL, 'sidebar:changed', { sidebar: null });
    expect(calls).toEqual([1, 2, 2]);
    expect(ipc.rendererListenerCount(IPC_EVENT_CHANNEL)).toBe(0);
  });

  it("keep flowing to other listeners when one throws, and the failure reaches main's log", async () => {
    const got: string[] = [];
    const quiet = console.error;
    console.error = () => undefined;
    try {
      const a = bridge.on('messages:removed', () => {
        throw new Error('listener bug 5521');
      });
      const b = bridge.on('messages:removed', (payload) => got.push(payload.accountId));
      ipc.webContents.send(IPC_EVENT_CHANNEL, 'messages:removed', { accountId: 'x', messageIds: [1] });
      a();
      b();
    } finally {
      console.error = quiet;
    }
    expect(got).toEqual(['x']);
    await expect.poll(() => logLines.some((line) => line.includes('listener bug 5521'))).toBe(true);
  });

  it('with a name outside the contract cannot be subscribed to', () => {
    expect(() => bridge.on('ipc:raw' as never, () => undefined)).toThrow(/Unknown event/);
  });
});

describe('sends', () => {
  it('reach the core, which logs them', async () => {
    bridge.send('log:error', { message: 'renderer hiccup 8431' });
    await expect.poll(() => logLines.some((line) => line.includes('renderer hiccup 8431'))).toBe(true);
  });

  it('with a name outside the contract are refused', () => {
    expect(() => bridge.send('shell:exec' as never, {} as never)).toThrow(/Unknown send/);
  });
});

describe('unwiring', () => {
  it('removes the handlers; later calls fail softly', async () => {
    unwire();
    expect(ipc.mainListenerCount(IPC_CALL_CHANNEL)).toBe(0);
    expect(ipc.mainListenerCount(IPC_SEND_CHANNEL)).toBe(0);
    const result = await bridge.call('app:state', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  });
});
