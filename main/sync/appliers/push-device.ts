/** push_device events: a push registration moved from pending to active or failed (main/push reacts). */
import type { PushDeviceEvent } from '../../api/schemas/record-events';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';

export function applyPushDevice({ store }: ApplyContext, ev: PushDeviceEvent): Delta[] {
  store.pushDevices.upsert({ pushAccountId: ev.push_account_id, status: ev.status, errorCode: ev.error_code ?? null });
  return [{ kind: 'recordsChanged', areas: ['pushDevices'] }];
}
