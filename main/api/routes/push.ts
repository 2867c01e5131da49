/** Push-notification device registration: the encrypted form (FL 406) and the legacy APNs token. */
import type { ApiClient, RequestOptions } from '../client';
import { SuccessEnvelope } from '../schemas/common';

export interface RegisterPushDeviceParams {
  tokenKind: 'fcm' | 'apns';
  /** Client-generated, unique among the client's accounts; notifications carry it back. */
  pushAccountId: number;
  /** Standard base64 of the account's NaCl public key; the server encrypts notifications to it. */
  pushPublicKey: string;
  /** Which of the bouncer's public keys sealed encrypted_push_registration. */
  bouncerPublicKey: string;
  /** Standard base64 of the sealed {token, token_kind, timestamp, ios_app_id?}. */
  encryptedPushRegistration: string;
}

/**
 * POST /mobile_push/register: hands the server an encrypted registration to forward to its bouncer.
 * Success only means "accepted": the outcome arrives later as push_devices status and push_device
 * events. A server without a push service answers PUSH_SERVICE_NOT_CONFIGURED.
 */
export async function registerPushDevice(
  client: ApiClient,
  params: RegisterPushDeviceParams,
  opts: RequestOptions = {},
): Promise<void> {
  await client.request(
    'POST',
    '/mobile_push/register',
    {
      token_kind: params.tokenKind,
      push_account_id: params.pushAccountId,
      push_public_key: params.pushPublicKey,
      bouncer_public_key: params.bouncerPublicKey,
      encrypted_push_registration: params.encryptedPushRegistration,
    },
    SuccessEnvelope,
    opts,
  );
}

/**
 * POST /users/me/apns_device_token: the pre-406 way to register an APNs token (in the clear).
 * `appid` is the app's bundle ID, required since FL 223. A bad token is BAD_REQUEST.
 */
export async function addApnsDeviceToken(
  client: ApiClient,
  params: { token: string; appid: string },
  opts: RequestOptions = {},
): Promise<void> {
  await client.request('POST', '/users/me/apns_device_token', { ...params }, SuccessEnvelope, opts);
}

/** DELETE /users/me/apns_device_token: stops pushes to a legacy APNs token (sign-out). */
export async function removeApnsDeviceToken(
  client: ApiClient,
  params: { token: string },
  opts: RequestOptions = {},
): Promise<void> {
  await client.request('DELETE', '/users/me/apns_device_token', { ...params }, SuccessEnvelope, opts);
}
