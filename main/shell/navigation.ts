/**
 * Where the app window may go. The renderer is a single page: it never needs to navigate, so the
 * only allowed target is its own entry page. Links leave through the system browser instead.
 */

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/**
 * True when `target` is the app's own page: for a file:// or app:// entry (main/shell/app-scheme.ts)
 * the same page (any hash or query), for an http(s) entry (a dev server) the same origin.
 */
export function isAppUrl(target: string, entryUrl: string): boolean {
  const to = parseUrl(target);
  const entry = parseUrl(entryUrl);
  if (!to || !entry) return false;
  // A custom scheme has no origin to compare (URL gives "null"): the same scheme, host and page.
  if (entry.protocol === 'file:' || entry.protocol === 'app:') {
    return to.protocol === entry.protocol && to.host === entry.host && to.pathname === entry.pathname;
  }
  return to.origin !== 'null' && to.origin === entry.origin;
}

/**
 * Schemes we hand to the operating system (tel: and sms: go to its phone or messages app, as
 * Zulip's links do). Anything else (file:, javascript:, custom apps) is refused.
 */
const EXTERNAL_SCHEMES = new Set(['https:', 'http:', 'mailto:', 'tel:', 'sms:']);
/** Schemes whose URLs name no host. */
const HOSTLESS_SCHEMES = new Set(['mailto:', 'tel:', 'sms:']);

/**
 * The URL to open in the system browser for a link the renderer tried to open, or null to do
 * nothing. Returns the normalised href so what we open is exactly what we checked.
 */
export function externalUrlToOpen(target: string): string | null {
  const url = parseUrl(target);
  if (!url || !EXTERNAL_SCHEMES.has(url.protocol)) return null;
  if (!HOSTLESS_SCHEMES.has(url.protocol) && url.hostname === '') return null;
  return url.href;
}
