/**
 * POST /api/v1/remotes/push/e2ee/register: a chat server forwards a client's sealed registration.
 * The checks run from the cheapest to the one that needs decryption: realm known for this server
 * (MISSING_REMOTE_REALM), key still accepted (INVALID_BOUNCER_PUBLIC_KEY), box opens and holds a
 * valid PushRegistration (BAD_REQUEST), timestamp fresh (REQUEST_EXPIRED).
 */
import * as z from 'zod';
import { ApiError, badRequest } from '../http/errors';
import type { Params } from '../http/params';
import { fromBase64, openSealed } from './crypto';
import type { BouncerState } from './state';

const PushRegistration = z
  .object({
    token: z.string().min(1).max(4096),
    token_kind: z.enum(['fcm', 'apns']),
    timestamp: z.number().int(),
    ios_app_id: z.string().min(1).optional(),
  })
  .refine((r) => r.token_kind !== 'apns' || (r.ios_app_id !== undefined && /^(?:[0-9a-f]{2})+$/i.test(r.token)), {
    message: 'an APNs registration needs a hex token and ios_app_id',
  });

export const missingRemoteRealm = (): ApiError =>
  new ApiError(400, 'MISSING_REMOTE_REALM', 'Organization not registered with the push notification service');

export function registerDevice(state: BouncerState, orgId: string, params: Params): { device_id: number } {
  const realmUuid = params.requiredString('realm_uuid');
  const pushAccountId = params.requiredInt('push_account_id');
  const sealedText = params.requiredString('encrypted_push_registration');
  const bouncerPublicKey = params.requiredString('bouncer_public_key');

  if (!state.registry.hasRealm(orgId, realmUuid)) throw missingRemoteRealm();
  const pair = state.keys.find(bouncerPublicKey);
  if (!pair) throw new ApiError(400, 'INVALID_BOUNCER_PUBLIC_KEY', 'Invalid bouncer_public_key');

  const sealed = fromBase64(sealedText);
  if (!sealed) throw badRequest('encrypted_push_registration is not standard base64');
  const plain = openSealed(sealed, pair);
  if (!plain) throw badRequest('Failed to decrypt encrypted_push_registration');
  const registration = parseRegistration(plain);

  const ageSeconds = Math.floor(state.now() / 1000) - registration.timestamp;
  if (Math.abs(ageSeconds) > state.maxAgeSeconds) throw new ApiError(400, 'REQUEST_EXPIRED', 'Request expired');

  const device = state.registry.upsertDevice({
    orgId,
    realmUuid,
    pushAccountId,
    token: registration.token,
    tokenKind: registration.token_kind,
    iosAppId: registration.ios_app_id ?? null,
  });
  return { device_id: device.deviceId };
}

function parseRegistration(plain: Uint8Array): z.infer<typeof PushRegistration> {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain));
  } catch {
    throw badRequest('encrypted_push_registration does not contain JSON');
  }
  const parsed = PushRegistration.safeParse(json);
  if (!parsed.success)
    throw badRequest(`Invalid encrypted_push_registration: ${parsed.error.issues[0]?.message ?? 'bad shape'}`);
  return parsed.data;
}
