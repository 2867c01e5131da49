/** Handlers of the administration calls (common/ipc/admin-contract.ts). */
import type { AdminCalls } from '../../common/ipc/admin-contract';
import type { CallArgs, CallResult } from '../../common/ipc/contract';
import type { AccountManager } from '../accounts/manager';
import * as admin from '../records/admin-actions';

type AdminHandlers = { [N in keyof AdminCalls]: (args: CallArgs<N>) => Promise<CallResult<N>> };

export function createAdminHandlers(manager: AccountManager): AdminHandlers {
  const act = (a: { accountId: string }) => manager.get(a.accountId).records.action();
  return {
    'users:setRole': (a) => admin.setRole(act(a), a),
    'users:deactivate': (a) => admin.deactivate(act(a), a.userId),
    'users:reactivate': (a) => admin.reactivate(act(a), a.userId),
    'folders:update': (a) => admin.updateFolder(act(a), a),
    'folders:move': (a) => admin.moveFolder(act(a), a),
    'invites:list': (a) => admin.listInvites(act(a)),
    'invites:send': (a) => admin.sendInvites(act(a), a),
    'invites:revoke': (a) => admin.revokeInvite(act(a), a),
    'invites:resend': (a) => admin.resendInvite(act(a), a.id),
  };
}
