/**
 * The child of keychain-close.test.ts: starts the core on its worker thread with the OS keychain
 * (a throw-away service), hands it a window picture (the core fetches, or makes, its signing key
 * in the keychain) and closes it at once, ROUNDS times. Before the core waited for its keytar
 * calls, ending the thread with one in flight aborted this process. Prints how many rounds
 * closed, then removes the service's entries.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEV_CORE_THREAD_ENTRY, startCoreThread } from '../../../main/core-thread';
import { createLogger } from '../../../main/log';
import { forgetKeychainService } from '../../helpers/keychain';

const ROUNDS = Number(process.argv[2] ?? '8');
const service = process.argv[3] ?? 'Parley-keychain-close';

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'parley-keychain-close-'));
  const log = createLogger({ name: 'child', level: 'error', sink: () => undefined });
  let closed = 0;
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const core = await startCoreThread(
        {
          dataDir: join(work, `data-${round}`),
          // A core that knows the renderer build keeps pictures, so it goes to the keychain for the key.
          rendererDir: work,
          keychainService: service,
          log: { name: 'core', level: 'error' },
        },
        { entry: DEV_CORE_THREAD_ENTRY, log },
      );
      core.receive('window:picture', { accountId: 'none', html: '<p>picture</p>', build: 'test', theme: null });
      await core.close();
      closed++;
      // Every other round starts without the key, so the core writes it (get, then set).
      if (round % 2 === 0) {
        await forgetKeychainService(service);
      }
    }
  } finally {
    await forgetKeychainService(service);
    rmSync(work, { recursive: true, force: true });
  }
  process.stdout.write(`${JSON.stringify({ closed })}\n`);
}

void main();
