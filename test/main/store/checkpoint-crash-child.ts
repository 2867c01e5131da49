/**
 * Run by checkpoint-crash.test.ts in its own process, which it kills with SIGKILL: writes messages
 * in 200-message transactions as fast as it can and prints the highest committed ID after each.
 */
import { AccountStore } from '../../../main/store/account-store';
import { cacheMessages } from '../../../main/store/cache-messages';
import { checkpointBatch } from './checkpoint-messages';

const file = process.argv[2];
if (!file) throw new Error('usage: checkpoint-crash-child.ts <file>');
const store = AccountStore.open(file);
let next = 1;
function writeSome(): void {
  for (let i = 0; i < 5; i++) {
    cacheMessages(store, checkpointBatch(next, 200));
    next += 200;
    process.stdout.write(`committed ${next - 1}\n`);
  }
  // Lets the checkpointer's 'ready' arrive, as the app's event loop would.
  setImmediate(writeSome);
}
writeSome();
