/** Handlers of the conversation-row calls (common/ipc/conversations-contract.ts), onto each account's cache. */
import type { CallArgs, CallResult } from '../../common/ipc/contract';
import type { ConversationCalls, ConversationDetails } from '../../common/ipc/conversations-contract';
import type { Account } from '../accounts/account';
import type { AccountManager } from '../accounts/manager';
import { narrowFilter } from '../store/narrows';
import type { DetailTarget } from '../store/repos/conversation-details';

type ConversationHandlers = { [N in keyof ConversationCalls]: (args: CallArgs<N>) => Promise<CallResult<N>> };

/**
 * Newest messages of the Combined feed fetched once per run when Recent conversations has rows
 * whose messages the cache lacks (register says which conversations exist, not who wrote there),
 * as Zulip's recent view fetches recent history behind its rows. Later messages come as events.
 */
export const RECENT_BACKFILL = 1000;

const NO_DETAILS: ConversationDetails = { participants: [], participantCount: 0, lastTimestamp: null };

export function createConversationHandlers(manager: AccountManager): ConversationHandlers {
  /** Accounts whose recent history was fetched (or is being fetched) this run. */
  const backfilled = new Map<string, Promise<unknown>>();

  function read(account: Account, targets: readonly (DetailTarget | null)[]): ConversationDetails[] {
    const found = account.store.conversationDetails.details(targets.filter((t) => t !== null));
    // A channel or the Combined feed has no row of its own: empty details in its place.
    let next = 0;
    return targets.map((t) => (t === null ? NO_DETAILS : found[next++]!));
  }

  return {
    'conversations:details': async (a) => {
      const account = manager.get(a.accountId);
      const targets = a.conversations.map((narrow): DetailTarget | null => {
        const filter = narrowFilter(narrow, account.record.userId);
        return filter.kind === 'topic' || filter.kind === 'dm' ? filter : null;
      });
      const details = read(account, targets);
      const missing = details.some((d, i) => targets[i] !== null && d.lastTimestamp === null);
      if (!missing) return details;
      let fetching = backfilled.get(account.id);
      if (!fetching) {
        // Offline or refused: the rows keep what the cache has, and the next call tries again.
        fetching = account
          .page({ kind: 'all' }, 'newest', RECENT_BACKFILL, 0)
          .catch(() => backfilled.delete(account.id));
        backfilled.set(account.id, fetching);
      }
      await fetching;
      return read(account, targets);
    },
  };
}
