/**
 * The app version for the User-Agent header. Read from package.json so there is one place to bump it.
 */
import pkg from '../../package.json' with { type: 'json' };

export const APP_VERSION: string = pkg.version;

/** What we call ourselves to servers; Zulip's server logs and client-version gates read it. */
export const DEFAULT_USER_AGENT = `Parley/${APP_VERSION}`;

/** How Zulip names messages we send (the User-Agent's first product token): a message's `client`. */
export const CLIENT_NAME = DEFAULT_USER_AGENT.split('/')[0]!;
