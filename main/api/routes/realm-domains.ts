/** The organization's allowed sign-up domains (administrators manage them). */
import type { ApiClient, RequestOptions } from '../client';
import { SuccessEnvelope } from '../schemas/common';

/** POST /realm/domains: the server lower-cases the domain and refuses a malformed or known one. */
export async function addRealmDomain(
  client: ApiClient,
  domain: string,
  allowSubdomains: boolean,
  opts: RequestOptions = {},
): Promise<void> {
  await client.request('POST', '/realm/domains', { domain, allow_subdomains: allowSubdomains }, SuccessEnvelope, opts);
}

/** DELETE /realm/domains/{domain}. */
export async function removeRealmDomain(client: ApiClient, domain: string, opts: RequestOptions = {}): Promise<void> {
  await client.request('DELETE', `/realm/domains/${encodeURIComponent(domain)}`, {}, SuccessEnvelope, opts);
}
