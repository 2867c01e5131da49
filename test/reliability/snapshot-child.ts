/**
 * An account cache in a process of its own, for snapshot-kill.test.ts. Usage:
 * tsx snapshot-child.ts <file> <step>, where step is
 * - `old`: stores the small snapshot of test/main/sync/fixtures (queue q1) and exits;
 * - `staging` / `swap`: stores a 20,000-person snapshot (queue q2) in slices, and kills itself
 *   with SIGKILL in its third slice, or inside the swap's transaction once the people are swapped;
 * - `new`: stores that snapshot to the end and exits.
 */
import { AccountStore } from '../../main/store/account-store';
import { applySnapshot, applySnapshotInSlices } from '../../main/sync/snapshot';
import { SELF, register, user } from '../main/sync/fixtures';

const PEOPLE = 20_000;
const [file, step] = process.argv.slice(2) as [string, string];
const store = AccountStore.open(file);
const die = () => process.kill(process.pid, 'SIGKILL');

if (step === 'old') {
  applySnapshot(store, register('q1', 1), SELF, 0);
} else {
  const people = [user(SELF, 'Me'), ...Array.from({ length: PEOPLE }, (_, i) => user(100 + i, `Person ${i}`))];
  if (step === 'staging') {
    const stage = store.staging.addUsers.bind(store.staging);
    let slices = 0;
    store.staging.addUsers = (list) => {
      if (++slices === 3) die();
      stage(list);
    };
  } else if (step === 'swap') {
    store.staging.swapUnreads = die;
  }
  await applySnapshotInSlices(store, register('q2', 1, { realm_users: people }), SELF, 0);
}
store.close();
