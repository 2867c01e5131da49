/**
 * "Is there a Zulip organization at this address?" — the first thing sign-in asks. Turns what
 * the user typed into a URL, reads GET /server_settings and explains any failure in words
 * a person can act on.
 */
import type { ServerInfo } from '../../common/model';
import { ApiClient } from './client';
import type { HttpTransport } from './transport';
import { ApiError, NetworkError, ProtocolError } from './errors';
import { getServerSettings } from './routes/server';
import type { ServerSettings } from './schemas/server';

export type ProbeErrorCode = 'INVALID_URL' | 'UNREACHABLE' | 'NOT_ZULIP' | 'INCOMPATIBLE';

export class ProbeError extends Error {
  override readonly name = 'ProbeError';
  readonly code: ProbeErrorCode;

  constructor(code: ProbeErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

const LOCAL_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/i;

/** Loopback addresses never leave this computer, so plain HTTP there carries no secret over a network. */
export function isLoopbackUrl(url: string): boolean {
  try {
    return LOCAL_HOST.test(new URL(url).host);
  } catch {
    return false;
  }
}

/** True when requests to `url` would travel unencrypted over a network. */
export function isInsecureUrl(url: string): boolean {
  return url.startsWith('http:') && !isLoopbackUrl(url);
}

/**
 * The organization URL the server names, never weaker than the one we reached it on: a server
 * reached over https that names an http realm_url (a misconfigured proxy, or an attacker who can
 * only rewrite the JSON) keeps https, so the password and API key are never sent in clear text.
 */
function realmUrlFor(named: string | undefined, reachedAt: string): string {
  const realmUrl = (named ?? reachedAt).replace(/\/+$/, '');
  if (reachedAt.startsWith('https:') && realmUrl.startsWith('http:')) return `https:${realmUrl.slice('http:'.length)}`;
  return realmUrl;
}

/**
 * "chat.example.com" → "https://chat.example.com"; local addresses get http://, since a dev
 * server on loopback rarely has TLS. Keeps an explicit scheme, drops trailing slashes.
 */
export function normaliseServerUrl(raw: string): string {
  const trimmed = raw.trim();
  if (trimmed === '') throw new ProbeError('INVALID_URL', 'Enter the address of your organization.');
  let withScheme = trimmed;
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    const host = trimmed.split(/[/?#]/, 1)[0] ?? '';
    withScheme = `${LOCAL_HOST.test(host) ? 'http' : 'https'}://${trimmed}`;
  }
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new ProbeError('INVALID_URL', `"${trimmed}" is not a valid web address.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ProbeError('INVALID_URL', `"${trimmed}" must be an http or https address.`);
  }
  if (url.username || url.password) {
    throw new ProbeError('INVALID_URL', 'The address must not contain a user name or password.');
  }
  url.search = '';
  url.hash = '';
  return url.toString().replace(/\/+$/, '');
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function absolute(maybeRelative: string, base: string): string {
  try {
    return new URL(maybeRelative, `${base}/`).toString();
  } catch {
    return maybeRelative;
  }
}

/** The display model of server settings; URLs made absolute against the organization URL. */
export function toServerInfo(s: ServerSettings, typedUrl: string): ServerInfo {
  const named = realmUrlFor(s.realm_url ?? s.realm_uri, typedUrl);
  // Where the password would go is the user's choice, not the answer's: another origin is only shown.
  const elsewhere = originOf(named) !== originOf(typedUrl);
  const realmUrl = elsewhere ? typedUrl.replace(/\/+$/, '') : named;
  return {
    realmUrl,
    namedElsewhere: elsewhere ? named : null,
    insecure: isInsecureUrl(realmUrl),
    realmName: s.realm_name ?? '',
    realmIcon: s.realm_icon ? absolute(s.realm_icon, realmUrl) : null,
    realmDescription: s.realm_description ?? '',
    featureLevel: s.featureLevel,
    version: s.version,
    mergeBase: s.mergeBase,
    emailAuthEnabled: s.email_auth_enabled ?? s.authentication_methods?.['password'] ?? false,
    requireEmailFormatUsernames: s.require_email_format_usernames ?? true,
    externalAuthMethods: (s.external_authentication_methods ?? []).map((m) => ({
      name: m.name,
      displayName: m.display_name,
      displayIcon: m.display_icon ? absolute(m.display_icon, realmUrl) : null,
      loginUrl: absolute(m.login_url, realmUrl),
    })),
    isIncompatible: s.is_incompatible ?? false,
    pushNotificationsEnabled: s.push_notifications_enabled ?? false,
  };
}

async function fetchSettings(url: string, transport: HttpTransport | undefined): Promise<ServerSettings> {
  const client = new ApiClient({ realmUrl: url, ...(transport ? { transport } : {}), defaultTimeoutMs: 15_000 });
  const host = new URL(url).host;
  try {
    return await getServerSettings(client);
  } catch (e) {
    if (e instanceof NetworkError) {
      const why = e.reason === 'timeout' ? `Could not reach ${host}: it did not answer in time` : e.message;
      throw new ProbeError('UNREACHABLE', `${why}. Check the address and your connection.`, { cause: e });
    }
    if (e instanceof ProtocolError || e instanceof ApiError) {
      throw new ProbeError('NOT_ZULIP', `${host} answered, but it is not a Zulip server (${e.message}).`, { cause: e });
    }
    throw e;
  }
}

/** GET /server_settings for what the user typed, as a ServerInfo, or a ProbeError saying what is wrong. */
export async function probeServer(rawUrl: string, transport?: HttpTransport): Promise<ServerInfo> {
  const url = normaliseServerUrl(rawUrl);
  const settings = await fetchSettings(url, transport);
  const host = new URL(url).host;
  if (settings.realm_name === undefined && settings.realm_url === undefined && settings.realm_uri === undefined) {
    throw new ProbeError(
      'NOT_ZULIP',
      `${host} is a Zulip server, but not the address of an organization. Use your organization's own address.`,
    );
  }
  const info = toServerInfo(settings, url);
  if (info.isIncompatible) {
    throw new ProbeError(
      'INCOMPATIBLE',
      `${info.realmName || host} runs a Zulip version (${info.version || 'unknown'}) that does not work with this version of Parley.`,
    );
  }
  return info;
}
