/**
 * The host listens and serves the page while the core is still starting (issue 28 item 1): a
 * launch no longer pays the core's start-up before the browser can fetch anything. A call made
 * meanwhile is answered once the core is up; a core that never starts leaves the host serving,
 * its calls saying why.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../main/core';
import { MemoryCredentialStore } from '../../main/credentials';
import { serve } from '../../main/host/serve';
import { createLogger } from '../../main/log';
import type { Core } from '../../main/ipc/types';

let work: string;
let renderer: string;
const log = createLogger({ name: 'test', sink: () => undefined });

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'parley-serve-'));
  renderer = join(work, 'renderer');
  mkdirSync(renderer);
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Parley test page</title>');
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A core start the test lets finish when it chooses. */
function heldStart(): { start: () => Promise<Core>; release: () => void; begun: () => boolean } {
  let release = (): void => undefined;
  let begun = false;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    start: async () => {
      begun = true;
      await gate;
      return createCore({ dataDir: join(work, 'data'), credentials: new MemoryCredentialStore(), log });
    },
    release: () => release(),
    begun: () => begun,
  };
}

describe('serve', () => {
  it('serves the page while the core is starting, and answers a call made meanwhile once it is up', async () => {
    const held = heldStart();
    const serving = await serve({ startCore: held.start, rendererDir: renderer, log });
    try {
      expect(held.begun()).toBe(true);
      const page = await fetch(`${serving.host.origin}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Parley test page');
      let answered = false;
      const call = serving.core.dispatch('app:state', {}).then((result) => {
        answered = true;
        return result;
      });
      await new Promise((resolve) => setImmediate(resolve));
      expect(answered).toBe(false);
      held.release();
      await expect(call).resolves.toMatchObject({ ok: true });
    } finally {
      await serving.close();
    }
  });

  it('keeps serving when the core cannot start, and its calls say why', async () => {
    const serving = await serve({
      startCore: () => Promise.reject(new Error('the data folder is not writable')),
      rendererDir: renderer,
      log,
    });
    try {
      expect((await fetch(`${serving.host.origin}/`)).status).toBe(200);
      const result = await serving.core.dispatch('app:state', {});
      expect(result).toMatchObject({ ok: false, error: { message: expect.stringContaining('not writable') } });
    } finally {
      await serving.close();
    }
  });
});
