/**
 * One registration attempt against one server, choosing the form by feature level: the encrypted
 * POST /mobile_push/register from FL 406, else the legacy POST /users/me/apns_device_token.
 * Answers the server gives at once are mapped here; the bouncer's later verdict is registrar.ts's.
 */
import type { ApiClient, RequestOptions } from '../api/client';
import { ApiError } from '../api/errors';
import { supports } from '../api/features';
import { addApnsDeviceToken, registerPushDevice } from '../api/routes/push';
import { PushError, UPDATE_APP_MESSAGE } from './errors';
import { pushPublicKeyBase64, type PushIdentity } from './keys';
import { buildPushRegistration, checkPushToken, encryptPushRegistration, type PushToken } from './payload';

export interface PushRegistrationContext {
  client: ApiClient;
  /** The server's feature level (from POST /register or GET /server_settings). */
  featureLevel: number;
  identity: PushIdentity;
  token: PushToken;
  /** Standard base64 of the bouncer public key this build trusts. */
  bouncerPublicKey: string;
  /** Clock for the registration's timestamp; tests pass a skewed one to provoke REQUEST_EXPIRED. */
  now?: () => number;
}

export type RegisterResult =
  /** FL 406+: the server took it; push_devices / push_device events will say active or failed. */
  | { kind: 'pending' }
  /** Before FL 406: the APNs token went in the clear; there is no status to track. */
  | { kind: 'legacy' }
  /** PUSH_SERVICE_NOT_CONFIGURED: this server sends no pushes. Not an error worth showing. */
  | { kind: 'disabled' }
  /** A server before FL 406 and a token the legacy endpoint cannot take (FCM). */
  | { kind: 'unsupported'; reason: string };

/** How often a REQUEST_EXPIRED answered at once is retried with a fresh payload. */
const IMMEDIATE_EXPIRED_RETRIES = 2;

/**
 * Registers the token once (retrying only an immediate REQUEST_EXPIRED with a fresh payload).
 * INVALID_BOUNCER_PUBLIC_KEY becomes PushError('update-app'); other failures are the API's errors.
 */
export async function sendPushRegistration(
  ctx: PushRegistrationContext,
  opts: RequestOptions = {},
): Promise<RegisterResult> {
  checkPushToken(ctx.token);
  try {
    if (!supports(ctx.featureLevel, 'e2eePush')) return await registerLegacy(ctx, opts);
    for (let attempt = 0; ; attempt++) {
      try {
        await registerPushDevice(ctx.client, encryptedParams(ctx), opts);
        return { kind: 'pending' };
      } catch (e) {
        if (!(e instanceof ApiError && e.code === 'REQUEST_EXPIRED') || attempt >= IMMEDIATE_EXPIRED_RETRIES) throw e;
      }
    }
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    if (e.code === 'PUSH_SERVICE_NOT_CONFIGURED') return { kind: 'disabled' };
    if (e.code === 'INVALID_BOUNCER_PUBLIC_KEY') throw new PushError('update-app', UPDATE_APP_MESSAGE);
    if (e.code === 'REQUEST_EXPIRED') throw expiredError();
    throw e;
  }
}

/** The parameters of POST /mobile_push/register, with a payload stamped now. */
function encryptedParams(ctx: PushRegistrationContext) {
  const registration = buildPushRegistration(ctx.token, (ctx.now ?? Date.now)());
  return {
    tokenKind: ctx.token.tokenKind,
    pushAccountId: ctx.identity.pushAccountId,
    pushPublicKey: pushPublicKeyBase64(ctx.identity),
    bouncerPublicKey: ctx.bouncerPublicKey,
    encryptedPushRegistration: encryptPushRegistration(registration, ctx.bouncerPublicKey),
  };
}

async function registerLegacy(ctx: PushRegistrationContext, opts: RequestOptions): Promise<RegisterResult> {
  const { token } = ctx;
  if (token.tokenKind !== 'apns' || token.iosAppId === undefined) {
    return {
      kind: 'unsupported',
      reason: 'This server is too old for encrypted push, and only APNs tokens can use its older registration.',
    };
  }
  await addApnsDeviceToken(ctx.client, { token: token.token, appid: token.iosAppId }, opts);
  return { kind: 'legacy' };
}

/** REQUEST_EXPIRED even for a payload made moments ago: our clock and the bouncer's disagree. */
export function expiredError(): PushError {
  return new PushError(
    'registration-expired',
    "The notification service keeps rejecting this device's registration as out of date. Check that this computer's date and time are set correctly.",
  );
}
