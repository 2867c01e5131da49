import type { App } from '../app';
import { publishToRealm } from '../events/records';
import { badRequest, missingParam } from '../http/errors';
import type { ApiRoute } from '../http/route';
import { ROLE, type UserRow } from '../store/rows';
import { formatRealmDomain } from '../store/realm_domains';
import { adminRequired } from './realm';

const MAX_DOMAIN_LENGTH = 255;
const LABEL = /^[a-z0-9-]+$/;

/** Why a (lower-cased) domain is not one, in Zulip's words, or null when it is. */
function domainProblem(domain: string): string | null {
  if (domain.length === 0) return "Domain can't be empty.";
  if (!domain.includes('.')) return 'Domain must have at least one dot (.)';
  if (domain.length > MAX_DOMAIN_LENGTH) return 'Domain is too long';
  if (domain.startsWith('.') || domain.endsWith('.')) return 'Domain cannot start or end with a dot (.)';
  for (const label of domain.split('.')) {
    if (label.length === 0) return "Consecutive '.' are not allowed.";
    if (label.startsWith('-') || label.endsWith('-')) return "Subdomains cannot start or end with a '-'.";
    if (!LABEL.test(label)) return "Domain can only have letters, numbers, '.' and '-'s.";
  }
  return null;
}

function requireAdmin(user: UserRow): void {
  if (user.role > ROLE.admin) throw adminRequired();
}

/** The path's domain, which must be one the organization has. */
function knownDomain(app: App, raw: string | undefined): string {
  const domain = (raw ?? '').trim().toLowerCase();
  if (!app.store.records.realmDomains.get(domain)) throw badRequest(`No entry found for domain: ${domain}.`);
  return domain;
}

export const realmDomainRoutes: ApiRoute[] = [
  {
    /** GET /realm/domains: the allowed sign-up domains, as register's realm_domains. */
    method: 'GET',
    path: '/realm/domains',
    auth: 'user',
    handler: ({ app }) => ({ domains: app.store.records.realmDomains.all().map(formatRealmDomain) }),
  },
  {
    /** POST /realm/domains: adds one (administrators); answers new_domain [id, domain]; event op add. */
    method: 'POST',
    path: '/realm/domains',
    auth: 'user',
    handler: ({ app, user, params }) => {
      requireAdmin(user);
      const raw = params.string('domain');
      if (raw === undefined) throw missingParam('domain');
      const domain = raw.trim().toLowerCase();
      const problem = domainProblem(domain);
      if (problem) throw badRequest(`Invalid domain: ${problem}`);
      const repo = app.store.records.realmDomains;
      if (repo.get(domain)) throw badRequest(`The domain ${domain} is already a part of your organization.`);
      const id = repo.insert(domain, params.bool('allow_subdomains', false));
      publishToRealm(app, { type: 'realm_domains', op: 'add', realm_domain: formatRealmDomain(repo.get(domain)!) });
      return { new_domain: [id, domain] };
    },
  },
  {
    /** PATCH /realm/domains/{domain}: changes allow_subdomains (administrators); event op change. */
    method: 'PATCH',
    path: '/realm/domains/{domain}',
    auth: 'user',
    handler: ({ app, user, params, pathParams }) => {
      requireAdmin(user);
      const domain = knownDomain(app, pathParams['domain']);
      const allow = params.bool('allow_subdomains');
      if (allow === undefined) throw missingParam('allow_subdomains');
      app.store.records.realmDomains.setAllowSubdomains(domain, allow);
      publishToRealm(app, { type: 'realm_domains', op: 'change', realm_domain: { domain, allow_subdomains: allow } });
      return {};
    },
  },
  {
    /** DELETE /realm/domains/{domain}: removes one (administrators); event op remove. */
    method: 'DELETE',
    path: '/realm/domains/{domain}',
    auth: 'user',
    handler: ({ app, user, pathParams }) => {
      requireAdmin(user);
      const domain = knownDomain(app, pathParams['domain']);
      app.store.records.realmDomains.delete(domain);
      publishToRealm(app, { type: 'realm_domains', op: 'remove', domain });
      return {};
    },
  },
];
