/**
 * When no keychain answers, the app keeps working with keys in memory and says why. Covered
 * three ways: keytar cannot load, keytar loads but fails or hangs, and the real keytar in a
 * process that has no D-Bus session at all.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MemoryCredentialStore, openCredentialStore, type KeytarLike } from '../../../main/credentials';
import { createLogger } from '../../../main/log';

function capturingLog() {
  const lines: string[] = [];
  return { lines, log: createLogger({ name: 'test', sink: (l) => lines.push(l) }) };
}

const failingKeytar = (message: string): KeytarLike => ({
  getPassword: () => Promise.reject(new Error(message)),
  setPassword: () => Promise.reject(new Error(message)),
  deletePassword: () => Promise.reject(new Error(message)),
});

describe('openCredentialStore fallback', () => {
  it('uses memory when keytar cannot be loaded, and logs one clear line', async () => {
    const { lines, log } = capturingLog();
    const { store, status } = await openCredentialStore(log, {
      loadKeytar: () => Promise.reject(new Error("Cannot find module 'keytar'")),
    });
    expect(store.kind).toBe('memory');
    expect(status).toEqual({ kind: 'memory', reason: "Could not load keytar: Cannot find module 'keytar'" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/WARN .*kept in memory for this session only/);
  });

  it('uses memory when the keychain refuses the probe', async () => {
    const { log } = capturingLog();
    const { status } = await openCredentialStore(log, {
      loadKeytar: async () => failingKeytar('Cannot autolaunch D-Bus without X11 $DISPLAY'),
    });
    expect(status).toEqual({
      kind: 'memory',
      reason: 'Could not use the OS keychain: Cannot autolaunch D-Bus without X11 $DISPLAY',
    });
  });

  it('probes a launch with stored keys by one read, and falls back to memory when that read fails', async () => {
    const calls: string[] = [];
    const counting: KeytarLike = {
      getPassword: async (_service, account) => (calls.push(`get ${account}`), null),
      setPassword: async (_service, account) => void calls.push(`set ${account}`),
      deletePassword: async (_service, account) => (calls.push(`delete ${account}`), true),
    };
    const { log } = capturingLog();
    const read = await openCredentialStore(log, { loadKeytar: async () => counting, probe: 'read' });
    expect(read.status.kind).toBe('keychain');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/^get /);
    // The default still writes, reads back and deletes.
    calls.length = 0;
    await openCredentialStore(log, { loadKeytar: async () => counting });
    expect(calls.map((c) => c.split(' ')[0])).toEqual(['set', 'get', 'delete']);
    const failed = await openCredentialStore(log, {
      loadKeytar: async () => failingKeytar('The name org.freedesktop.secrets was not provided'),
      probe: 'read',
    });
    expect(failed.status).toEqual({
      kind: 'memory',
      reason: 'Could not use the OS keychain: The name org.freedesktop.secrets was not provided',
    });
  });

  it('uses memory when the keychain does not answer in time (e.g. waiting on an unlock prompt)', async () => {
    const { log } = capturingLog();
    const never = new Promise<never>(() => {});
    const { status } = await openCredentialStore(log, {
      loadKeytar: async () => ({ getPassword: () => never, setPassword: () => never, deletePassword: () => never }),
      probeTimeoutMs: 50,
    });
    expect(status.kind).toBe('memory');
    expect(status.kind === 'memory' && status.reason).toMatch(/did not answer within 50 ms/);
  });

  it('uses memory with the real keytar in a process without a D-Bus session', async () => {
    const env = { ...process.env };
    delete env['DBUS_SESSION_BUS_ADDRESS'];
    delete env['DISPLAY'];
    const script = [
      "import { openCredentialStore } from './main/credentials/index.ts';",
      "import { createLogger } from './main/log.ts';",
      "const r = await openCredentialStore(createLogger({ name: 'child', sink: () => {} }));",
      'console.log(JSON.stringify({ kind: r.store.kind, status: r.status }));',
    ].join('\n');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        env,
        cwd: process.cwd(),
      },
    );
    const out = JSON.parse(stdout.trim()) as { kind: string; status: { kind: string; reason?: string } };
    expect(out.kind).toBe('memory');
    expect(out.status.kind).toBe('memory');
    expect(out.status.reason).toMatch(/^Could not use the OS keychain: .*D-Bus/);
  });
});

describe('MemoryCredentialStore', () => {
  it('keeps secrets per account and purpose until deleted', async () => {
    const store = new MemoryCredentialStore();
    const key = { realmUrl: 'https://chat.example.com/', email: 'iago@example.com' };
    expect(await store.get(key)).toBeNull();
    await store.set(key, 'k1');
    await store.set({ ...key, purpose: 'push-secret' }, 'p1');
    expect(await store.get({ ...key, realmUrl: 'https://chat.example.com' })).toBe('k1');
    expect(await store.get({ ...key, purpose: 'push-secret' })).toBe('p1');
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(await store.get({ ...key, purpose: 'push-secret' })).toBe('p1');
  });
});
