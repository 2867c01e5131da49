/**
 * What the bouncer remembers, in memory: the chat servers allowed to use it (organization ID and
 * key, and the realms each has registered), the devices registered through them, and every push
 * it "sent". No FCM or APNs is reachable here, so a push is recorded instead of delivered.
 */
import { timingSafeEqual } from 'node:crypto';

export interface RemoteServerConfig {
  orgId: string;
  orgKey: string;
  realmUuids: string[];
}

export interface PushDevice {
  deviceId: number;
  orgId: string;
  realmUuid: string;
  pushAccountId: number;
  token: string;
  tokenKind: 'fcm' | 'apns';
  iosAppId: string | null;
}

/** One notification handed to the (imaginary) FCM/APNs: the envelope a device would receive. */
export interface RecordedPush {
  deviceId: number;
  realmUuid: string;
  token: string;
  tokenKind: 'fcm' | 'apns';
  payload: { push_account_id: number; encrypted_data: string };
  pushedAt: number;
}

interface RemoteServer {
  orgId: string;
  orgKey: Buffer;
  realmUuids: Set<string>;
}

export class BouncerRegistry {
  readonly #remotes = new Map<string, RemoteServer>();
  readonly #devices = new Map<string, PushDevice>();
  readonly #pushes: RecordedPush[] = [];
  #nextDeviceId = 1;

  /** Adds a chat server, or more realms to one already known (with the same key). */
  addRemote(config: RemoteServerConfig): void {
    const known = this.#remotes.get(config.orgId);
    if (known && !timingSafeEquals(known.orgKey, Buffer.from(config.orgKey))) {
      throw new Error(`remote server ${config.orgId} is already registered with a different key`);
    }
    const remote = known ?? { orgId: config.orgId, orgKey: Buffer.from(config.orgKey), realmUuids: new Set<string>() };
    for (const uuid of config.realmUuids) remote.realmUuids.add(uuid);
    this.#remotes.set(config.orgId, remote);
  }

  /** The server's org ID when the credentials match, else null (unknown ID and wrong key look the same). */
  authenticate(orgId: string, orgKey: string): string | null {
    const remote = this.#remotes.get(orgId);
    if (!remote) return null;
    return timingSafeEquals(remote.orgKey, Buffer.from(orgKey)) ? remote.orgId : null;
  }

  hasRealm(orgId: string, realmUuid: string): boolean {
    return this.#remotes.get(orgId)?.realmUuids.has(realmUuid) ?? false;
  }

  /** Registering the same push_account_id again (e.g. a new token) keeps its device_id. */
  upsertDevice(device: Omit<PushDevice, 'deviceId'>): PushDevice {
    const key = deviceKey(device.orgId, device.realmUuid, device.pushAccountId);
    const existing = this.#devices.get(key);
    const saved: PushDevice = { ...device, deviceId: existing?.deviceId ?? this.#nextDeviceId++ };
    this.#devices.set(key, saved);
    return saved;
  }

  /** A device registered through this server for this realm, or undefined. */
  device(orgId: string, realmUuid: string, deviceId: number): PushDevice | undefined {
    for (const device of this.#devices.values()) {
      if (device.deviceId === deviceId && device.orgId === orgId && device.realmUuid === realmUuid) return device;
    }
    return undefined;
  }

  recordPush(push: RecordedPush): void {
    this.#pushes.push(push);
  }

  /** Recorded pushes, oldest first, optionally for one device only. */
  pushes(deviceId?: number): RecordedPush[] {
    return this.#pushes.filter((p) => deviceId === undefined || p.deviceId === deviceId);
  }
}

function deviceKey(orgId: string, realmUuid: string, pushAccountId: number): string {
  return JSON.stringify([orgId, realmUuid, pushAccountId]);
}

/** Constant-time comparison that tolerates different lengths (which it does not hide, and need not). */
function timingSafeEquals(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
