import type { IncomingMessage } from 'node:http';
import type { RealmRow, UserRow } from '../store/rows';
import type { Store } from '../store/store';
import { apiEmail } from '../views/users';
import { invalidApiKey, realmDeactivated, unauthorized, userDeactivated } from './errors';

/**
 * HTTP Basic authentication as Zulip does it: the username is the account's email (its API email
 * or its real address; both are accepted) and the password is its API key. Checked in Zulip's
 * order: credentials, then the organization, then the account.
 */
export function authenticate(req: IncomingMessage, store: Store): UserRow {
  const header = req.headers.authorization;
  if (header === undefined || header === '') throw unauthorized();
  const [scheme, encoded] = header.split(' ', 2);
  if (scheme?.toLowerCase() !== 'basic' || encoded === undefined) {
    throw unauthorized('This endpoint requires HTTP basic authentication.');
  }
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw unauthorized('Invalid authorization header for basic auth');
  const email = decoded.slice(0, colon);
  const key = decoded.slice(colon + 1);
  const user = store.users.byApiKey(key);
  const realm = store.realm.get();
  if (!user || !emailMatches(email, user, realm)) throw invalidApiKey();
  checkAccountUsable(user, realm);
  return user;
}

/** Deactivated organizations and accounts are refused, for password logins too. */
export function checkAccountUsable(user: UserRow, realm: RealmRow): void {
  if (realm.deactivated === 1) throw realmDeactivated();
  if (user.is_active !== 1) throw userDeactivated();
}

function emailMatches(email: string, user: UserRow, realm: RealmRow): boolean {
  const given = email.toLowerCase();
  return given === user.delivery_email.toLowerCase() || given === apiEmail(user, realm).toLowerCase();
}
