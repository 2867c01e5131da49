import { nowSeconds } from '../app';
import { publishToUser } from '../events/records';
import { ApiError, badRequest, missingParam } from '../http/errors';
import type { Params } from '../http/params';
import type { ApiRoute, RequestContext } from '../http/route';
import { LIMITS } from '../limits';
import type { UserRow } from '../store/rows';
import { formatSavedSnippet } from '../views/saved_snippets';

/** Zulip's SavedSnippet.MAX_TITLE_LENGTH. */
const MAX_TITLE_LENGTH = 60;

const notFound = (): ApiError => new ApiError(404, 'BAD_REQUEST', 'Saved snippet does not exist.');

/** A trimmed, non-empty, length-limited text parameter; undefined when absent. */
function text(params: Params, name: 'title' | 'content', limit: number): string | undefined {
  const raw = params.string(name);
  if (raw === undefined) return undefined;
  const value = raw.trim();
  const label = name === 'title' ? 'Title' : 'Content';
  if (value.length === 0) throw badRequest(`${label} cannot be empty.`);
  if ([...value].length > limit) throw badRequest(`${name} is too long (limit: ${limit} characters)`);
  return value;
}

function snippetId(ctx: RequestContext<UserRow>): number {
  const raw = ctx.pathParams['saved_snippet_id'] ?? '';
  if (!/^\d+$/.test(raw)) throw notFound();
  return Number(raw);
}

export const savedSnippetRoutes: ApiRoute[] = [
  {
    /** GET /saved_snippets: the caller's saved snippets, oldest first. */
    method: 'GET',
    path: '/saved_snippets',
    auth: 'user',
    handler: ({ app, user }) => ({
      saved_snippets: app.store.records.savedSnippets.forUser(user.id).map(formatSavedSnippet),
    }),
  },
  {
    /** POST /saved_snippets: creates a snippet from a title and Markdown content. */
    method: 'POST',
    path: '/saved_snippets',
    auth: 'user',
    handler: ({ app, user, params }) => {
      const title = text(params, 'title', MAX_TITLE_LENGTH);
      if (title === undefined) throw missingParam('title');
      const content = text(params, 'content', LIMITS.max_message_length);
      if (content === undefined) throw missingParam('content');
      const row = app.store.records.savedSnippets.insert(user.id, title, content, nowSeconds());
      publishToUser(app, user.id, { type: 'saved_snippets', op: 'add', saved_snippet: formatSavedSnippet(row) });
      return { saved_snippet_id: row.id };
    },
  },
  {
    /**
     * PATCH /saved_snippets/{saved_snippet_id}: changes the title and/or content. With neither,
     * nothing happens and no event is sent (Zulip does not even look the snippet up then).
     */
    method: 'PATCH',
    path: '/saved_snippets/{saved_snippet_id}',
    auth: 'user',
    handler: (ctx) => {
      const { app, user, params } = ctx;
      const title = text(params, 'title', MAX_TITLE_LENGTH);
      const content = text(params, 'content', LIMITS.max_message_length);
      if (title === undefined && content === undefined) return {};
      const row = app.store.records.savedSnippets.get(user.id, snippetId(ctx));
      if (!row) throw notFound();
      const updated = app.store.records.savedSnippets.update(row, title ?? row.title, content ?? row.content);
      publishToUser(app, user.id, { type: 'saved_snippets', op: 'update', saved_snippet: formatSavedSnippet(updated) });
      return {};
    },
  },
  {
    /** DELETE /saved_snippets/{saved_snippet_id}: deletes one of the caller's snippets. */
    method: 'DELETE',
    path: '/saved_snippets/{saved_snippet_id}',
    auth: 'user',
    handler: (ctx) => {
      const id = snippetId(ctx);
      if (!ctx.app.store.records.savedSnippets.get(ctx.user.id, id)) throw notFound();
      ctx.app.store.records.savedSnippets.delete(id);
      publishToUser(ctx.app, ctx.user.id, { type: 'saved_snippets', op: 'remove', saved_snippet_id: id });
      return {};
    },
  },
];
