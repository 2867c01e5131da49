import type { App } from '../app';
import { publishToRealm } from '../events/records';
import { badRequest, missingParam } from '../http/errors';
import type { ApiRoute } from '../http/route';
import { expandTemplate, templateVariables, TemplateSyntaxError } from '../settings/uri_template';
import { ROLE } from '../store/rows';
import { formatPlayground } from '../views/playgrounds';
import { adminRequired } from './realm';

/** Zulip's RealmPlayground limits. */
const MAX_PYGMENTS_LANGUAGE_LENGTH = 40;
const PYGMENTS_LANGUAGE = /^[ a-zA-Z0-9_+\-./#]*$/;

/** realm_playgrounds carries the whole new list to every active account. */
function publishPlaygrounds(app: App): void {
  publishToRealm(app, {
    type: 'realm_playgrounds',
    realm_playgrounds: app.store.records.playgrounds.all().map(formatPlayground),
  });
}

/**
 * A playground URL template: valid RFC 6570, exactly one variable and that one named `code`
 * (Zulip's two messages), and expanding to an absolute http(s) URL.
 */
export function checkUrlTemplate(template: string): void {
  let variables: string[];
  try {
    variables = templateVariables(template);
  } catch (error) {
    if (error instanceof TemplateSyntaxError) throw badRequest('Invalid URL template.');
    throw error;
  }
  if (!variables.includes('code')) throw badRequest('Missing the required variable "code" in the URL template');
  // Like Zulip (a set of names), `{code}` twice is still one variable.
  if (new Set(variables).size !== 1) throw badRequest('"code" should be the only variable present in the URL template');
  let url: URL;
  try {
    url = new URL(expandTemplate(template, 'print("hello")'));
  } catch {
    throw badRequest('Invalid URL template.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badRequest('Invalid URL template.');
}

export const playgroundRoutes: ApiRoute[] = [
  {
    /** POST /realm/playgrounds: adds a code playground (administrators) and announces the new list. */
    method: 'POST',
    path: '/realm/playgrounds',
    auth: 'user',
    handler: ({ app, user, params }) => {
      if (user.role > ROLE.admin) throw adminRequired();
      const required = (name: string): string => {
        const value = params.string(name);
        if (value === undefined) throw missingParam(name);
        return value.trim();
      };
      const name = required('name');
      const language = required('pygments_language');
      const template = required('url_template');
      if (name.length === 0) throw badRequest('Name cannot be blank.');
      if (language.length === 0) throw badRequest('Pygments language cannot be blank.');
      if (!PYGMENTS_LANGUAGE.test(language)) throw badRequest('Invalid characters in pygments language');
      if (language.length > MAX_PYGMENTS_LANGUAGE_LENGTH) {
        throw badRequest(`Ensure this value has at most ${MAX_PYGMENTS_LANGUAGE_LENGTH} characters.`);
      }
      checkUrlTemplate(template);
      const repo = app.store.records.playgrounds;
      if (repo.find(language, name)) {
        throw badRequest('Realm playground with this Realm, Pygments language and Name already exists.');
      }
      const id = repo.insert(name, language, template);
      publishPlaygrounds(app);
      return { id };
    },
  },
  {
    /** DELETE /realm/playgrounds/{playground_id}: removes a playground (administrators). */
    method: 'DELETE',
    path: '/realm/playgrounds/{playground_id}',
    auth: 'user',
    handler: ({ app, user, pathParams }) => {
      if (user.role > ROLE.admin) throw adminRequired();
      const id = Number(pathParams['playground_id']);
      if (!Number.isSafeInteger(id) || !app.store.records.playgrounds.get(id)) throw badRequest('Invalid playground');
      app.store.records.playgrounds.delete(id);
      publishPlaygrounds(app);
      return {};
    },
  },
];
