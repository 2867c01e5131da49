/**
 * The chat server's side of the bouncer: forwarding a client's sealed registration and asking for
 * pushes. Also seals notification payloads to a device's push public key, which is the server's
 * job (not the bouncer's), so that the bouncer only ever relays ciphertext.
 */
import { fromBase64, seal, sodiumReady, toBase64, BOX_PUBLIC_KEY_BYTES } from './crypto';

export interface BouncerCredentials {
  /** The bouncer_url; API paths are under /api/v1. */
  url: string;
  orgId: string;
  orgKey: string;
}

export type BouncerAnswer<T> = { ok: true; value: T } | { ok: false; code: string; msg: string };

export class BouncerClient {
  constructor(private readonly creds: BouncerCredentials) {}

  /** POST {bouncer_url}/api/v1/remotes/push/e2ee/register: returns the bouncer's device_id. */
  register(params: {
    realmUuid: string;
    pushAccountId: number;
    encryptedPushRegistration: string;
    bouncerPublicKey: string;
  }): Promise<BouncerAnswer<{ deviceId: number }>> {
    return this.post(
      '/remotes/push/e2ee/register',
      {
        realm_uuid: params.realmUuid,
        push_account_id: String(params.pushAccountId),
        encrypted_push_registration: params.encryptedPushRegistration,
        bouncer_public_key: params.bouncerPublicKey,
      },
      (body) => ({ deviceId: Number(body['device_id']) }),
    );
  }

  /** POST {bouncer_url}/api/v1/remotes/push/e2ee/notify: pushes one already-sealed payload to a device. */
  notify(params: { realmUuid: string; deviceId: number; encryptedData: string }): Promise<BouncerAnswer<null>> {
    return this.post(
      '/remotes/push/e2ee/notify',
      { realm_uuid: params.realmUuid, device_id: String(params.deviceId), encrypted_data: params.encryptedData },
      () => null,
    );
  }

  private async post<T>(
    path: string,
    form: Record<string, string>,
    read: (body: Record<string, unknown>) => T,
  ): Promise<BouncerAnswer<T>> {
    const auth = Buffer.from(`${this.creds.orgId}:${this.creds.orgKey}`).toString('base64');
    let res: Response;
    try {
      res = await fetch(`${this.creds.url.replace(/\/+$/, '')}/api/v1${path}`, {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      return {
        ok: false,
        code: 'FAILED_TO_CONNECT_BOUNCER',
        msg: `Could not reach the push bouncer: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
    let body: Record<string, unknown>;
    try {
      body = (await res.json()) as Record<string, unknown>;
    } catch {
      return {
        ok: false,
        code: 'INTERNAL_SERVER_ERROR_ON_BOUNCER',
        msg: `The push bouncer answered HTTP ${res.status} without JSON`,
      };
    }
    if (body['result'] === 'success') return { ok: true, value: read(body) };
    return {
      ok: false,
      code: String(body['code'] ?? 'INTERNAL_SERVER_ERROR_ON_BOUNCER'),
      msg: String(body['msg'] ?? ''),
    };
  }
}

/** base64 sealed box of the JSON payload, to the device's push_public_key; null if that key is malformed. */
export async function sealNotification(
  payload: Record<string, unknown>,
  pushPublicKey: string,
): Promise<string | null> {
  await sodiumReady();
  const key = fromBase64(pushPublicKey);
  if (!key || key.length !== BOX_PUBLIC_KEY_BYTES) return null;
  return toBase64(seal(new TextEncoder().encode(JSON.stringify(payload)), key));
}
