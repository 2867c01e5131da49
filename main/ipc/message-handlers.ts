/** Handlers of the message calls (common/ipc/messages-contract.ts), onto each Account's MessageActions. */
import type { CallArgs, CallResult } from '../../common/ipc/contract';
import type { MessageCalls } from '../../common/ipc/messages-contract';
import type { AccountManager } from '../accounts/manager';
import { renderMessage } from '../api/routes/message-render';

export type MessageHandlers = {
  [N in keyof MessageCalls]: (args: CallArgs<N>) => Promise<CallResult<N>>;
};

export function createMessageHandlers(manager: AccountManager): MessageHandlers {
  const actions = (accountId: string) => manager.get(accountId).actions;
  return {
    'messages:markRead': async (a) =>
      a.seen === true && a.scope.kind === 'messages'
        ? actions(a.accountId).markSeen(a.scope.ids)
        : actions(a.accountId).markRead(a.scope),
    'messages:star': (a) => actions(a.accountId).star(a.messageIds, a.starred),
    'messages:react': (a) => actions(a.accountId).react(a.messageId, a.emoji, a.op),
    'messages:edit': (a) => actions(a.accountId).edit(a.messageId, a.edit),
    'messages:delete': (a) => actions(a.accountId).delete(a.messageId),
    'search:query': (a) => actions(a.accountId).search(a.query, { below: a.below, limit: a.limit, phase: a.phase }),
    'typing:set': (a) => actions(a.accountId).typing(a.to, a.op),
    'unreads:get': async (a) => actions(a.accountId).unreadCounts(),
    'messages:markUnread': (a) => actions(a.accountId).markUnreadFrom(a.narrow, a.fromId),
    'messages:render': async (a) => ({
      html: await renderMessage(manager.get(a.accountId).records.action().client, a.content),
    }),
  };
}
