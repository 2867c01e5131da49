/**
 * The app version for the User-Agent header. Read from package.json so there is one place to bump it.
 */
import pkg from '../../package.json' with { type: 'json' };

export const APP_VERSION: string = pkg.version;

/** What we call ourselves to servers; Zulip's server logs and client-version gates read it. */
export const DEFAULT_USER_AGENT = `Parley/${APP_VERSION}`;
