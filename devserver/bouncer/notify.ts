/**
 * POST /api/v1/remotes/push/e2ee/notify: a chat server asks the bouncer to push an already
 * encrypted notification to one of its devices. The server sealed it to the device's push public
 * key, so the bouncer only sees ciphertext; it wraps it in the envelope the device receives,
 * {push_account_id, encrypted_data}, and records it as pushed (no FCM/APNs is reachable here).
 */
import { ApiError, badRequest } from '../http/errors';
import type { Params } from '../http/params';
import { fromBase64, SEAL_OVERHEAD_BYTES } from './crypto';
import { missingRemoteRealm } from './register';
import type { BouncerState } from './state';

export function notifyDevice(
  state: BouncerState,
  orgId: string,
  params: Params,
): { device_id: number; token_kind: string } {
  const realmUuid = params.requiredString('realm_uuid');
  const deviceId = params.requiredInt('device_id');
  const encryptedData = params.requiredString('encrypted_data');

  if (!state.registry.hasRealm(orgId, realmUuid)) throw missingRemoteRealm();
  const device = state.registry.device(orgId, realmUuid, deviceId);
  if (!device) throw new ApiError(400, 'INVALID_REMOTE_PUSH_DEVICE_TOKEN', `No registered push device ${deviceId}`);
  const sealed = fromBase64(encryptedData);
  if (!sealed || sealed.length <= SEAL_OVERHEAD_BYTES) throw badRequest('encrypted_data is not a base64 sealed box');

  state.registry.recordPush({
    deviceId,
    realmUuid,
    token: device.token,
    tokenKind: device.tokenKind,
    payload: { push_account_id: device.pushAccountId, encrypted_data: encryptedData },
    pushedAt: Math.floor(state.now() / 1000),
  });
  return { device_id: deviceId, token_kind: device.tokenKind };
}
