/**
 * The renderer's Content-Security-Policy, in one place. The bridge host sends it as a header, the
 * Electron shell adds it to every response of the app's session, and renderer/index.html carries
 * the same policy in a meta tag (test/electron/csp.test.ts keeps the two in step).
 */

/** Directive name -> allowed sources. Order is kept when the policy is written out. */
export type CspDirectives = Record<string, readonly string[]>;

export const RENDERER_CSP: CspDirectives = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  // Svelte transitions insert <style> keyframes at run time; scripts stay locked to 'self'.
  'style-src': ["'self'", "'unsafe-inline'"],
  // Avatars, emoji and uploaded images come from whatever server the user signed in to.
  'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
  'font-src': ["'self'", 'data:'],
  // Same-origin only: covers the bridge host's ws://127.0.0.1:PORT/bridge. Server traffic goes through main.
  'connect-src': ["'self'"],
  'media-src': ["'self'", 'https:', 'http:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-src': ["'none'"],
  'worker-src': ["'self'"],
};

/** Directives a browser ignores in a <meta> policy; they only count as a header. */
export const HEADER_ONLY_DIRECTIVES: CspDirectives = {
  'frame-ancestors': ["'none'"],
};

export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/** Parses a policy string into directives (names lower-cased; later duplicates ignored, as browsers do). */
export function parseCsp(policy: string): CspDirectives {
  const out: Record<string, string[]> = {};
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/).filter(Boolean);
    if (name === undefined) continue;
    const key = name.toLowerCase();
    if (!(key in out)) out[key] = sources;
  }
  return out;
}

/** The policy the transports send as an HTTP header: the meta policy plus the header-only parts. */
export function rendererCspHeader(): string {
  return serializeCsp({ ...RENDERER_CSP, ...HEADER_ONLY_DIRECTIVES });
}
