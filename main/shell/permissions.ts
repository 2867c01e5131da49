/**
 * Which web permissions the renderer gets. Chat needs system notifications, and its copy buttons
 * (invite link, message link) write text with navigator.clipboard.writeText, which Chromium
 * gates behind 'clipboard-sanitized-write'. Nothing else: no camera, microphone, geolocation,
 * clipboard reads, MIDI, HID or the like.
 */
import { APP_ENTRY_URL } from './app-scheme';

const GRANTED = new Set(['notifications']);
/** Granted only to the app's own page, never to a frame or page from anywhere else. */
const GRANTED_TO_APP = new Set(['clipboard-sanitized-write']);

export function isPermissionGranted(permission: string, requestingUrl = '', entryUrl = APP_ENTRY_URL): boolean {
  if (GRANTED.has(permission)) return true;
  return GRANTED_TO_APP.has(permission) && sameOrigin(requestingUrl, entryUrl);
}

/** Scheme, host and port compared by hand: app:// is not a scheme URL.origin knows (it says "null"). */
function sameOrigin(url: string, entryUrl: string): boolean {
  try {
    const a = new URL(url);
    const b = new URL(entryUrl);
    return a.protocol === b.protocol && a.host === b.host && a.host !== '';
  } catch {
    return false;
  }
}
