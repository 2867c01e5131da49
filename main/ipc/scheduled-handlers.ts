/** Handlers of the scheduled-message and reminder calls (common/ipc/scheduled-contract.ts). */
import type { CallArgs, CallResult } from '../../common/ipc/contract';
import type { ScheduledCalls } from '../../common/ipc/scheduled-contract';
import type { AccountManager } from '../accounts/manager';
import * as scheduled from '../scheduled/scheduled';

type ScheduledHandlers = { [N in keyof ScheduledCalls]: (args: CallArgs<N>) => Promise<CallResult<N>> };

export function createScheduledHandlers(manager: AccountManager): ScheduledHandlers {
  const records = (a: { accountId: string }) => manager.get(a.accountId).records;
  const act = (a: { accountId: string }) => records(a).action();
  return {
    'scheduled:list': async (a) => scheduled.listScheduled(records(a).store),
    'scheduled:create': (a) => scheduled.schedule(act(a), a),
    'scheduled:update': (a) => scheduled.reschedule(act(a), a),
    'scheduled:delete': (a) => scheduled.unschedule(act(a), a.id),
    'reminders:create': (a) => scheduled.remind(act(a), a),
    'reminders:delete': (a) => scheduled.cancelReminder(act(a), a.id),
  };
}
