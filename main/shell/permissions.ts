/**
 * Which web permissions the renderer gets. Chat needs system notifications and nothing else:
 * no camera, microphone, geolocation, clipboard reads, MIDI, HID or the like.
 */
const GRANTED = new Set(['notifications']);

export function isPermissionGranted(permission: string): boolean {
  return GRANTED.has(permission);
}
