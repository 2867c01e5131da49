import { fromBase64, BOX_PUBLIC_KEY_BYTES, SEAL_OVERHEAD_BYTES } from '../bouncer/crypto';
import { messagePayload, testPayload } from '../bouncer/payloads';
import { pushNotConfigured } from '../bouncer/push_service';
import { ApiError, badRequest } from '../http/errors';
import type { ApiRoute } from '../http/route';

function base64Bytes(name: string, value: string): Uint8Array {
  const bytes = fromBase64(value);
  if (!bytes) throw badRequest(`${name} is not standard base64`);
  return bytes;
}

export const pushRoutes: ApiRoute[] = [
  {
    /**
     * POST /mobile_push/register: stores the device as pending and forwards the sealed
     * registration to the bouncer; the result arrives as a push_device event (FL 406).
     */
    method: 'POST',
    path: '/mobile_push/register',
    auth: 'user',
    handler: ({ app, user, params }) => {
      const tokenKind = params.requiredString('token_kind');
      const pushAccountId = params.requiredInt('push_account_id');
      const pushPublicKey = params.requiredString('push_public_key');
      const bouncerPublicKey = params.requiredString('bouncer_public_key');
      const encryptedPushRegistration = params.requiredString('encrypted_push_registration');
      if (!app.push.configured) throw pushNotConfigured();
      if (tokenKind !== 'fcm' && tokenKind !== 'apns') throw badRequest('token_kind must be fcm or apns');
      if (pushAccountId < 0) throw badRequest('push_account_id must not be negative');
      if (base64Bytes('push_public_key', pushPublicKey).length !== BOX_PUBLIC_KEY_BYTES)
        throw badRequest('Invalid push_public_key');
      if (bouncerPublicKey === '') throw badRequest('bouncer_public_key is empty');
      if (base64Bytes('encrypted_push_registration', encryptedPushRegistration).length <= SEAL_OVERHEAD_BYTES) {
        throw badRequest('Invalid encrypted_push_registration');
      }
      app.push.register(user.id, {
        tokenKind,
        pushAccountId,
        pushPublicKey,
        bouncerPublicKey,
        encryptedPushRegistration,
      });
      return {};
    },
  },
  {
    /** POST /users/me/apns_device_token: the legacy, unencrypted APNs registration. */
    method: 'POST',
    path: '/users/me/apns_device_token',
    auth: 'user',
    handler: ({ app, user, params }) => {
      const token = params.requiredString('token');
      app.apnsTokens.add(user.id, token, params.requiredString('appid'));
      return {};
    },
  },
  {
    /** DELETE /users/me/apns_device_token: forgets a legacy APNs token. */
    method: 'DELETE',
    path: '/users/me/apns_device_token',
    auth: 'user',
    handler: ({ app, user, params }) => {
      app.apnsTokens.remove(user.id, params.requiredString('token'));
      return {};
    },
  },
  {
    /** POST /mobile_push/e2ee/test_notification: sends a `test` notification to the caller's active devices (FL 420). */
    method: 'POST',
    path: '/mobile_push/e2ee/test_notification',
    auth: 'user',
    handler: async ({ app, user, params }) => {
      await app.push.notify(user.id, params.int('push_account_id'), testPayload(app, user));
      return {};
    },
  },
  {
    /**
     * POST /parley_test/push_notification (only with --test-hooks): sends a `test` notification,
     * or a `message` one for message_id, and returns the ciphertext envelopes handed to the bouncer.
     */
    method: 'POST',
    path: '/parley_test/push_notification',
    auth: 'user',
    handler: async ({ app, user, params }) => {
      if (!app.options.testHooks) throw new ApiError(404, 'BAD_REQUEST', 'Endpoint not found');
      const messageId = params.int('message_id');
      const payload = messageId === undefined ? testPayload(app, user) : messagePayload(app, user, messageId);
      return { pushes: await app.push.notify(user.id, params.int('push_account_id'), payload) };
    },
  },
];
