/**
 * What the account's cached push_devices row says about its push registration before this run's
 * registration is judged: the server's last verdict on our push_account_id, worded as the
 * registrar words the same verdict when it arrives live (main/push/registrar.ts).
 */
import type { PushStatus } from '../../common/model';
import { UPDATE_APP_MESSAGE } from '../push/errors';
import { expiredError } from '../push/registration';
import type { StoredPushDevice } from '../store/repos/push-devices';

/** The status a cached row stands for; null when it settles nothing (pending, or a status we do not know). */
export function cachedPushStatus(row: StoredPushDevice): PushStatus | null {
  if (row.status === 'active') return { state: 'active' };
  if (row.status !== 'failed') return null;
  switch (row.errorCode) {
    case 'INVALID_BOUNCER_PUBLIC_KEY':
      return { state: 'failed', code: 'update-app', message: UPDATE_APP_MESSAGE };
    case 'REQUEST_EXPIRED': {
      const { code, message } = expiredError();
      return { state: 'failed', code, message };
    }
    default: {
      const because = row.errorCode ? ` (${row.errorCode})` : '';
      return {
        state: 'failed',
        code: 'registration-failed',
        message: `The notification service refused this device${because}. Notifications will not arrive on this computer.`,
      };
    }
  }
}
