/**
 * Legacy (pre-406) APNs tokens registered in the clear with POST /users/me/apns_device_token,
 * kept in memory per user. Validation follows Zulip: a token must be non-empty, not absurdly long
 * and hex; an app ID must look like a bundle ID.
 */
import { badRequest } from '../http/errors';

const MAX_TOKEN_LENGTH = 4096;
const BUNDLE_ID = /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*$/;

function checkToken(token: string): void {
  if (token === '' || token.length > MAX_TOKEN_LENGTH) throw badRequest('Empty or invalid length token');
}

export class ApnsTokens {
  private readonly byUser = new Map<number, Map<string, string>>();

  /** Registers (or re-registers) a token; returns nothing, as the endpoint answers an empty success. */
  add(userId: number, token: string, appId: string): void {
    checkToken(token);
    if (!/^(?:[0-9a-fA-F]{2})+$/.test(token)) throw badRequest('Invalid APNS token');
    if (!BUNDLE_ID.test(appId)) throw badRequest('Invalid app ID');
    const tokens = this.byUser.get(userId) ?? new Map<string, string>();
    tokens.set(token.toLowerCase(), appId);
    this.byUser.set(userId, tokens);
  }

  remove(userId: number, token: string): void {
    checkToken(token);
    if (!this.byUser.get(userId)?.delete(token.toLowerCase())) throw badRequest('Token does not exist');
  }

  /** The user's tokens and app IDs (for tests and the push_devices view of legacy clients). */
  of(userId: number): Array<{ token: string; appId: string }> {
    return [...(this.byUser.get(userId) ?? new Map<string, string>())].map(([token, appId]) => ({ token, appId }));
  }
}
