/**
 * Linkifiers (Zulip's realm filters): GET /realm/linkifiers, and for administrators
 * POST /realm/filters, PATCH and DELETE /realm/filters/{filter_id}. Every change sends the whole
 * list as a realm_linkifiers event to clients with the linkifier_url_template capability; as on
 * Zulip (FL 176), clients without it get an empty list, since they would read url_template wrong.
 */
import type { App } from '../app';
import { activeUserIds } from '../events/records';
import { badRequest } from '../http/errors';
import type { Params } from '../http/params';
import type { ApiRoute } from '../http/route';
import { templateVariables, TemplateSyntaxError } from '../settings/uri_template';
import { ROLE } from '../store/rows';
import { formatLinkifiers } from '../views/linkifiers';
import { adminRequired } from './realm';

/** Zulip's patterns are Python regular expressions; `(?P<name>…)` is JavaScript's `(?<name>…)`. */
export function jsPattern(pattern: string): RegExp {
  return new RegExp(pattern.replace(/\(\?P</g, '(?<'), 'gu');
}

/** The pattern compiles and the template is RFC 6570 using only the pattern's named groups. */
function readLinkifier(params: Params): { pattern: string; urlTemplate: string } {
  const pattern = params.requiredString('pattern').trim();
  const urlTemplate = params.requiredString('url_template').trim();
  let groups: string[];
  try {
    groups = [...pattern.matchAll(/\(\?P<([A-Za-z_][A-Za-z0-9_]*)>/g)].map((m) => m[1]!);
    jsPattern(pattern);
  } catch {
    throw badRequest('Invalid linkifier pattern.');
  }
  let variables: string[];
  try {
    variables = templateVariables(urlTemplate);
  } catch (error) {
    if (error instanceof TemplateSyntaxError) throw badRequest('Invalid URL template.');
    throw error;
  }
  if (!/^https?:\/\//i.test(urlTemplate)) throw badRequest('Invalid URL template.');
  const missing = variables.filter((v) => !groups.includes(v));
  if (missing.length > 0)
    throw badRequest(`Group "${missing[0]}" in URL template is not present in linkifier pattern.`);
  return { pattern, urlTemplate };
}

function publishLinkifiers(app: App): void {
  const list = formatLinkifiers(app);
  app.queues.publish(activeUserIds(app), 'realm_linkifiers', (queue) => ({
    type: 'realm_linkifiers',
    realm_linkifiers: queue.spec.capabilities['linkifier_url_template'] === true ? list : [],
  }));
}

function linkifierId(app: App, raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || app.store.records.linkifiers.get(id) === undefined) {
    throw badRequest('Linkifier not found.');
  }
  return id;
}

export const linkifierRoutes: ApiRoute[] = [
  {
    method: 'GET',
    path: '/realm/linkifiers',
    auth: 'user',
    handler: ({ app }) => ({ linkifiers: formatLinkifiers(app) }),
  },
  {
    method: 'POST',
    path: '/realm/filters',
    auth: 'user',
    handler: ({ app, user, params }) => {
      if (user.role > ROLE.admin) throw adminRequired();
      const { pattern, urlTemplate } = readLinkifier(params);
      const id = app.store.records.linkifiers.insert(pattern, urlTemplate);
      publishLinkifiers(app);
      return { id };
    },
  },
  {
    method: 'PATCH',
    path: '/realm/filters/{filter_id}',
    auth: 'user',
    handler: ({ app, user, params, pathParams }) => {
      if (user.role > ROLE.admin) throw adminRequired();
      const id = linkifierId(app, pathParams['filter_id']);
      const { pattern, urlTemplate } = readLinkifier(params);
      app.store.records.linkifiers.update(id, pattern, urlTemplate);
      publishLinkifiers(app);
      return {};
    },
  },
  {
    method: 'DELETE',
    path: '/realm/filters/{filter_id}',
    auth: 'user',
    handler: ({ app, user, pathParams }) => {
      if (user.role > ROLE.admin) throw adminRequired();
      app.store.records.linkifiers.delete(linkifierId(app, pathParams['filter_id']));
      publishLinkifiers(app);
      return {};
    },
  },
];
