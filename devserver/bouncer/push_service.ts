/**
 * The chat server's side of push, used by routes/push.ts: remembers each user's push devices
 * (in memory), forwards encrypted registrations to the bouncer in the background and reports the
 * outcome as push_device events, seals notifications to a device's push public key and asks the
 * bouncer to deliver them. Without a bouncer it answers PUSH_SERVICE_NOT_CONFIGURED.
 */
import { ApiError } from '../http/errors';
import { sealNotification, type BouncerClient } from './client';

export type DeviceStatus = 'pending' | 'active' | 'failed';

export interface DeviceRegistration {
  tokenKind: 'fcm' | 'apns';
  pushAccountId: number;
  pushPublicKey: string;
  bouncerPublicKey: string;
  encryptedPushRegistration: string;
}

interface ServerDevice extends DeviceRegistration {
  userId: number;
  status: DeviceStatus;
  errorCode: string | null;
  deviceId: number | null;
  /** Bumped on each registration, so a slow answer to an older one cannot overwrite a newer result. */
  generation: number;
}

/** One notification as handed to the bouncer: the envelope the device will receive. */
export interface SentPush {
  push_account_id: number;
  device_id: number;
  token_kind: string;
  payload: { push_account_id: number; encrypted_data: string };
}

export type PublishPushEvent = (
  userId: number,
  event: { type: 'push_device'; push_account_id: string; status: DeviceStatus; error_code: string | null },
) => void;

export const pushNotConfigured = (): ApiError =>
  new ApiError(400, 'PUSH_SERVICE_NOT_CONFIGURED', 'Server is not configured to use push notification service.');

export class PushService {
  private readonly devices = new Map<string, ServerDevice>();
  private readonly inflight = new Set<Promise<void>>();

  constructor(
    private readonly bouncer: BouncerClient | null,
    readonly realmUuid: string,
    private readonly publish: PublishPushEvent,
  ) {}

  get configured(): boolean {
    return this.bouncer !== null;
  }

  /** Stores the device as pending and forwards it to the bouncer; the verdict arrives as a push_device event. */
  register(userId: number, registration: DeviceRegistration): void {
    const bouncer = this.bouncer;
    if (!bouncer) throw pushNotConfigured();
    const key = deviceKey(userId, registration.pushAccountId);
    const generation = (this.devices.get(key)?.generation ?? 0) + 1;
    const device: ServerDevice = {
      ...registration,
      userId,
      status: 'pending',
      errorCode: null,
      deviceId: null,
      generation,
    };
    this.devices.set(key, device);
    this.announce(device);
    const work = this.forward(bouncer, device).finally(() => this.inflight.delete(work));
    this.inflight.add(work);
  }

  /** push_devices for POST /register: { "<push_account_id>": { status, error_code } }. */
  devicesOf(userId: number): Record<string, { status: DeviceStatus; error_code: string | null }> {
    const out: Record<string, { status: DeviceStatus; error_code: string | null }> = {};
    for (const d of this.devices.values())
      if (d.userId === userId) out[String(d.pushAccountId)] = { status: d.status, error_code: d.errorCode };
    return out;
  }

  /**
   * Seals `payload` to each of the user's active devices (or only `pushAccountId`'s) and has the
   * bouncer push it. NO_ACTIVE_PUSH_DEVICE when there is none; bouncer failures are 502s, as on Zulip.
   */
  async notify(
    userId: number,
    pushAccountId: number | undefined,
    payload: Record<string, unknown>,
  ): Promise<SentPush[]> {
    const bouncer = this.bouncer;
    if (!bouncer) throw pushNotConfigured();
    const targets = [...this.devices.values()].filter(
      (d) =>
        d.userId === userId &&
        d.status === 'active' &&
        d.deviceId !== null &&
        (pushAccountId === undefined || d.pushAccountId === pushAccountId),
    );
    if (targets.length === 0) throw new ApiError(400, 'NO_ACTIVE_PUSH_DEVICE', 'No active registered push device');
    const sent: SentPush[] = [];
    for (const device of targets) {
      // The key was checked at registration, so a null here would be our bug, not the client's.
      const encryptedData = await sealNotification(payload, device.pushPublicKey);
      if (encryptedData === null) throw new Error(`stored push_public_key of ${device.pushAccountId} is not a key`);
      const answer = await bouncer.notify({ realmUuid: this.realmUuid, deviceId: device.deviceId!, encryptedData });
      if (!answer.ok) {
        const code = answer.code === 'FAILED_TO_CONNECT_BOUNCER' ? answer.code : 'INTERNAL_SERVER_ERROR_ON_BOUNCER';
        throw new ApiError(502, code, `The push bouncer refused the notification: ${answer.msg}`);
      }
      sent.push({
        push_account_id: device.pushAccountId,
        device_id: device.deviceId!,
        token_kind: device.tokenKind,
        payload: { push_account_id: device.pushAccountId, encrypted_data: encryptedData },
      });
    }
    return sent;
  }

  /** Resolves once no registration is being forwarded (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
  }

  private async forward(bouncer: BouncerClient, device: ServerDevice): Promise<void> {
    const answer = await bouncer.register({
      realmUuid: this.realmUuid,
      pushAccountId: device.pushAccountId,
      encryptedPushRegistration: device.encryptedPushRegistration,
      bouncerPublicKey: device.bouncerPublicKey,
    });
    const current = this.devices.get(deviceKey(device.userId, device.pushAccountId));
    if (current?.generation !== device.generation) return;
    if (answer.ok) Object.assign(current, { status: 'active', errorCode: null, deviceId: answer.value.deviceId });
    else Object.assign(current, { status: 'failed', errorCode: answer.code, deviceId: null });
    this.announce(current);
  }

  private announce(device: ServerDevice): void {
    this.publish(device.userId, {
      type: 'push_device',
      push_account_id: String(device.pushAccountId),
      status: device.status,
      error_code: device.errorCode,
    });
  }
}

function deviceKey(userId: number, pushAccountId: number): string {
  return `${userId}:${pushAccountId}`;
}
