/** What every applier gets: the cache (inside the batch's transaction), who the user is, and a log. */
import type { Logger } from '../../log';
import type { AccountStore } from '../../store/account-store';

export interface ApplyContext {
  store: AccountStore;
  selfUserId: number;
  log: Logger;
}
