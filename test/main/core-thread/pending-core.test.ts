/**
 * pendingCore: the app wires the window to the core before the core's thread is up (Electron
 * opens the window while the thread starts). Calls made meanwhile wait and are answered;
 * listeners attached meanwhile get the core's events; a thread that never starts makes every
 * call answer why instead of hanging.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventName } from '../../../common/ipc/contract';
import { DEV_CORE_THREAD_ENTRY, pendingCore, startCoreThread } from '../../../main/core-thread';
import { createLogger } from '../../../main/log';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';

const log = createLogger({ name: 'pending-core', sink: () => undefined });
let server: RunningDevServer;
let work: string;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  work = mkdtempSync(join(tmpdir(), 'parley-pending-core-'));
});
afterAll(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('pendingCore', () => {
  it('answers calls made while the thread starts and gives listeners attached meanwhile the core events', async () => {
    const starting = startCoreThread(
      { dataDir: join(work, 'up'), memoryCredentials: true, log: { name: 'core', level: 'error' } },
      { entry: DEV_CORE_THREAD_ENTRY, log },
    );
    let up = false;
    void starting.then(() => (up = true));
    const core = pendingCore(starting);
    const events: EventName[] = [];
    core.subscribe((name) => events.push(name));
    const member = server.byRole(400);
    const signingIn = core.dispatch('account:signIn', {
      url: server.baseUrl,
      email: member.email,
      password: member.password,
    });
    const state = core.dispatch('app:state', {});
    expect(up).toBe(false);

    const signedIn = await signingIn;
    expect(signedIn).toMatchObject({ ok: true, value: { email: member.email } });
    const answered = await state;
    expect(answered.ok).toBe(true);
    await expect.poll(() => events.includes('account:status'), { timeout: 10_000 }).toBe(true);
    expect((await core.started).keychain.kind).toBe('memory');
    await core.close();
  });

  it('answers every call with the reason when the thread cannot start', async () => {
    const core = pendingCore(
      startCoreThread({ dataDir: join(work, 'down') }, { entry: join(work, 'no-such-entry.cjs'), log }),
    );
    const stop = core.subscribe(() => undefined);
    const result = await core.dispatch('app:state', {});
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatchObject({ code: 'INTERNAL' });
    expect(!result.ok && result.error.message).toMatch(/^Parley's core did not start: the core thread exited/);
    core.receive('app:wake', {});
    stop();
    await expect(core.close()).resolves.toBeUndefined();
    await expect(core.started).rejects.toThrow();
  });
});
