/**
 * Where a device token comes from. Desktop apps only get one from APNs, on macOS, through
 * Electron's `pushNotifications`; other platforms have no push service for us, so there is no
 * token and no registration (tests register a made-up token through the same code instead).
 * main/electron hands in Electron's module; this file never imports Electron.
 */
import type { PushToken } from './payload';

/** The part of Electron's `pushNotifications` (macOS) we use. */
export interface ApnsSource {
  registerForAPNSNotifications(): Promise<string>;
}

/** The bundle ID the packaged app is signed with (electron-builder.yml appId); it is the APNs topic. */
export const PARLEY_BUNDLE_ID = 'chat.parley.desktop';

/**
 * The platform's push token, or null where the platform offers none. Rejects with the platform's
 * own reason when macOS refuses (e.g. the build lacks the push entitlement).
 */
export async function platformPushToken(
  platform: NodeJS.Platform,
  apns: ApnsSource | null,
  bundleId: string = PARLEY_BUNDLE_ID,
): Promise<PushToken | null> {
  if (platform !== 'darwin' || apns === null) return null;
  const token = await apns.registerForAPNSNotifications();
  return { token, tokenKind: 'apns', iosAppId: bundleId };
}
