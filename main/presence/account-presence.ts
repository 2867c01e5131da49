/** Starts an account's presence heartbeat with the app's activity monitor; account.ts calls this. */
import { reportPresence } from '../api/routes/presence';
import type { ApiClient } from '../api';
import type { Logger } from '../log';
import type { AccountRecords } from '../records/account-records';
import type { AccountStore } from '../store/account-store';
import type { Clock } from '../sync/clock';
import { appActivity } from './activity';
import { PresenceHeartbeat } from './heartbeat';

export type { PresenceHeartbeat } from './heartbeat';

/**
 * `account` gives the log and clock; `records` is told after every beat, as statuses age even
 * when nothing new arrives, and tells the renderer when one of them moved.
 */
export function startPresence(
  client: ApiClient,
  store: AccountStore,
  account: { log: Logger; clock: Clock },
  records: AccountRecords,
): PresenceHeartbeat {
  const heartbeat = new PresenceHeartbeat({
    report: (r) => reportPresence(client, r),
    store,
    activity: appActivity,
    log: account.log.child('presence'),
    now: () => account.clock.now(),
    onChanged: () => records.publish([{ kind: 'recordsChanged', areas: ['presence'] }]),
  });
  heartbeat.start();
  return heartbeat;
}
