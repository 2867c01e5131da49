/**
 * Opening an account's cache for the Account. A damaged file is moved aside and replaced
 * (the server can send it all again). A file that is newer or unreadable is left alone: the
 * account then runs on a throwaway in-memory cache and says why it cannot sync.
 */
import type { Logger } from '../log';
import { AccountStore, accountDbPath } from '../store/account-store';
import { StoreError } from '../store/errors';

export interface OpenedStore {
  store: AccountStore;
  /** Set when the real file could not be used; the account stays signed out with this message. */
  problem: string | null;
}

export function openAccountStore(dataDir: string, accountId: string, log: Logger): OpenedStore {
  const file = accountDbPath(dataDir, accountId);
  try {
    const store = AccountStore.open(file, (e) => log.error(e.message, { file: e.file, movedTo: e.movedTo }));
    return { store, problem: null };
  } catch (e) {
    if (!(e instanceof StoreError)) throw e;
    log.error('account cache cannot be used', { file, code: e.code, error: e });
    return { store: AccountStore.open(':memory:'), problem: e.message };
  }
}
