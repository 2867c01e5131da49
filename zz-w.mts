import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCoreThread } from './main/core-thread';
import { createLogger } from './main/log';
const log = createLogger({ name: 'x', level: 'error', sink: () => undefined });
const entry = join(process.cwd(), 'bench/.probe/out/main/core-thread.cjs');
for (let i = 0; i < 1; i++) {
  for (const mem of [true]) {
    const t0 = performance.now();
    const core = await startCoreThread({ dataDir: mkdtempSync(join(tmpdir(), 'w-')), keychainService: 'zz', memoryCredentials: mem, log: { name: 'c', level: 'error' } }, { entry, log });
    const t1 = performance.now();
    await core.dispatch('app:state' as any, {} as any);
    const t2 = performance.now();
    console.log(`memory=${mem} start=${(t1 - t0).toFixed(0)} first call=${(t2 - t1).toFixed(0)}`);
    await core.close();
  }
}
