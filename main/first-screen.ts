/**
 * A warm start's first screen, read from the cache while the window loads. The core is up a few
 * hundred milliseconds before the renderer asks for anything (its code loads, then it asks for
 * app:state, then for the conversation it reopens), and the first read of a page pays for
 * compiling the code on its path and filling SQLite's page cache: 40 ms on an idle machine and
 * 90-160 ms while the window loads beside it (bench `ui`), on the path to the first message row.
 * Read in that idle gap, the renderer's ask is answered at once.
 *
 * The answer read ahead goes only to a call asking for exactly it (the opening window of
 * common/opening.ts, for the reopened conversation), once, and only if nothing was written to that
 * account's cache since it was read; the sync drops it when it starts. Otherwise the call is
 * answered as always, so a stale or wrong read ahead can cost time but never show wrong rows.
 */
import { isDeepStrictEqual } from 'node:util';
import type { CallName, IpcResult } from '../common/ipc/contract';
import type { AppState } from '../common/model';
import { OPENING_WINDOW } from '../common/opening';
import type { AccountManager } from './accounts/manager';
import type { Logger } from './log';

interface ReadAhead {
  name: CallName;
  args: unknown;
  /** Null when the cache could not answer (nothing is fetched ahead). */
  result: Promise<IpcResult<unknown> | null>;
  /** Whether the cache is as it was when read. */
  unchanged: () => boolean;
}

export class FirstScreen {
  #ahead: ReadAhead | null;
  readonly #log: Logger;

  constructor(ahead: ReadAhead | null, log: Logger) {
    this.#ahead = ahead;
    this.#log = log;
  }

  /**
   * The answer read ahead for this call, if it is the one read and still true (null otherwise:
   * answer the call as usual). Given once.
   */
  take(name: string, args: unknown): Promise<IpcResult<unknown> | null> | null {
    const ahead = this.#ahead;
    if (!ahead || ahead.name !== name || !isDeepStrictEqual(ahead.args, args)) return null;
    this.#ahead = null;
    return ahead.result.then((result) => {
      if (result === null) this.#log.debug('first screen: the cache could not answer at start');
      else if (!ahead.unchanged()) this.#log.debug('first screen: the cache changed since the read at start');
      else {
        this.#log.debug('first screen: answered from the read at start');
        return result;
      }
      return null;
    });
  }

  /** Drops what was read ahead (the sync is starting: from now on the cache moves). */
  discard(): void {
    this.#ahead = null;
  }
}

/**
 * Starts reading the page of the conversation the app reopens (`state`: the app just resumed,
 * its active account's last view),
 * from the cache only. Without one there is nothing to read ahead: the sidebar, the other first
 * screen, is built while the accounts resume.
 */
export function readFirstScreen(manager: AccountManager, state: AppState, log: Logger): FirstScreen {
  try {
    return new FirstScreen(readAhead(manager, state), log);
  } catch (e) {
    // Only time is lost: the call, when it comes, is answered (or refused) as always.
    log.warn('first screen: could not read ahead', { error: e });
    return new FirstScreen(null, log);
  }
}

function readAhead(manager: AccountManager, state: AppState): ReadAhead | null {
  const { activeAccountId: accountId, lastView: narrow } = state;
  if (accountId === null || narrow === null) return null;
  const account = manager.get(accountId);
  const changes = account.store.changeCount();
  const { anchor, before, after } = OPENING_WINDOW;
  const result = account.page(narrow, anchor, before, after, { cacheFirst: true, cacheOnly: true }).then(
    (value): IpcResult<unknown> => ({ ok: true, value }),
    // Not cached (NotCachedError), or the read failed: the call, when it comes, says why.
    () => null,
  );
  const unchanged = (): boolean => {
    try {
      return account.store.changeCount() === changes;
    } catch {
      return false; // closed: signed out meanwhile
    }
  };
  return {
    name: 'messages:page',
    args: { accountId, narrow, anchor, before, after, cacheFirst: true },
    result,
    unchanged,
  };
}
