import { publishToUser } from '../events/records';
import { ApiError, badRequest, missingParam } from '../http/errors';
import type { Params } from '../http/params';
import type { ApiRoute, RequestContext } from '../http/route';
import type { UserRow } from '../store/rows';
import { formatNavigationView } from '../views/navigation_views';

/** Zulip's built-in views: they can be pinned or unpinned but never renamed. */
export const BUILT_IN_VIEW_FRAGMENTS = new Set([
  'inbox',
  'recent',
  'feed',
  'drafts',
  'narrow/has/reaction/sender/me',
  'narrow/is/mentioned',
  'narrow/is/starred',
]);

const alreadyExists = (): ApiError => badRequest('Navigation view already exists.');

/** A name, trimmed; blank is refused like Zulip's min_length=1 constraint. */
function viewName(params: Params): string | undefined {
  const raw = params.string('name');
  if (raw === undefined) return undefined;
  const name = raw.trim();
  if (name.length === 0) throw badRequest('name cannot be blank');
  return name;
}

/** The path's fragment: percent-decoded by the router (slashes travel as %2F), then trimmed. */
function pathFragment(ctx: RequestContext<UserRow>): string {
  const fragment = (ctx.pathParams['fragment'] ?? '').trim();
  if (fragment.length === 0) throw badRequest('fragment cannot be blank');
  return fragment;
}

export const navigationViewRoutes: ApiRoute[] = [
  {
    /** GET /navigation_views: the caller's configured views, in the order they were added. */
    method: 'GET',
    path: '/navigation_views',
    auth: 'user',
    handler: ({ app, user }) => ({
      navigation_views: app.store.records.navigationViews.forUser(user.id).map(formatNavigationView),
    }),
  },
  {
    /**
     * POST /navigation_views: configures a built-in view (no name allowed) or adds a custom one
     * (a name is required). Fragments and names are unique per user.
     */
    method: 'POST',
    path: '/navigation_views',
    auth: 'user',
    handler: ({ app, user, params }) => {
      const rawFragment = params.string('fragment');
      if (rawFragment === undefined) throw missingParam('fragment');
      const fragment = rawFragment.trim();
      if (fragment.length === 0) throw badRequest('fragment cannot be blank');
      if (!params.has('is_pinned')) throw missingParam('is_pinned');
      const isPinned = params.bool('is_pinned', false);
      const name = viewName(params);
      if (BUILT_IN_VIEW_FRAGMENTS.has(fragment)) {
        if (name !== undefined) throw badRequest('Built-in views cannot have a custom name.');
      } else if (name === undefined) {
        throw badRequest('Custom views must have a valid name.');
      }
      const views = app.store.records.navigationViews;
      if (views.get(user.id, fragment)) throw alreadyExists();
      if (name !== undefined && views.byName(user.id, name)) throw alreadyExists();
      const row = views.insert(user.id, fragment, isPinned, name ?? null);
      publishToUser(app, user.id, { type: 'navigation_view', op: 'add', navigation_view: formatNavigationView(row) });
      return {};
    },
  },
  {
    /**
     * PATCH /navigation_views/{fragment}: pins, unpins or renames a view. A name on a built-in view
     * is BAD_REQUEST; an unknown fragment is 404 NOT_FOUND.
     */
    method: 'PATCH',
    path: '/navigation_views/{fragment}',
    auth: 'user',
    handler: (ctx) => {
      const { app, user, params } = ctx;
      const fragment = pathFragment(ctx);
      const isPinned = params.bool('is_pinned');
      const name = viewName(params);
      if (BUILT_IN_VIEW_FRAGMENTS.has(fragment) && name !== undefined) {
        throw badRequest('Built-in views cannot have a custom name.');
      }
      const views = app.store.records.navigationViews;
      const sameName = name === undefined ? undefined : views.byName(user.id, name);
      if (sameName && sameName.fragment !== fragment) throw alreadyExists();
      const row = views.get(user.id, fragment);
      if (!row) throw new ApiError(404, 'NOT_FOUND', 'Navigation view does not exist.');
      views.update(user.id, fragment, isPinned ?? row.is_pinned === 1, name ?? row.name);
      const data: Record<string, unknown> = {};
      if (name !== undefined) data['name'] = name;
      if (isPinned !== undefined) data['is_pinned'] = isPinned;
      publishToUser(app, user.id, { type: 'navigation_view', op: 'update', fragment, data });
      return {};
    },
  },
  {
    /** DELETE /navigation_views/{fragment}: removes a view; unknown fragments are 404 BAD_REQUEST. */
    method: 'DELETE',
    path: '/navigation_views/{fragment}',
    auth: 'user',
    handler: (ctx) => {
      const fragment = pathFragment(ctx);
      const views = ctx.app.store.records.navigationViews;
      if (!views.get(ctx.user.id, fragment)) {
        throw new ApiError(404, 'BAD_REQUEST', 'Navigation view does not exist.');
      }
      views.delete(ctx.user.id, fragment);
      publishToUser(ctx.app, ctx.user.id, { type: 'navigation_view', op: 'remove', fragment });
      return {};
    },
  },
];
