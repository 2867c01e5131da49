import { publishToUser } from '../events/records';
import { badRequest, missingParam } from '../http/errors';
import type { Params } from '../http/params';
import type { ApiRoute, RequestContext } from '../http/route';
import type { UserRow } from '../store/rows';

/** Zulip's AlertWord.MAX_WORD_LENGTH. */
const MAX_WORD_LENGTH = 100;

function wordsParam(params: Params): string[] {
  const words = params.stringList('alert_words');
  if (words === undefined) throw missingParam('alert_words');
  return words;
}

/** Answers the caller's words and tells every one of their clients (the acting one too), as Zulip does. */
function answer({ app, user }: RequestContext<UserRow>): { alert_words: string[] } {
  const alertWords = app.store.records.alertWords.forUser(user.id);
  publishToUser(app, user.id, { type: 'alert_words', alert_words: alertWords });
  return { alert_words: alertWords };
}

export const alertWordRoutes: ApiRoute[] = [
  {
    /** GET /users/me/alert_words: the caller's alert words, in the order they were added. */
    method: 'GET',
    path: '/users/me/alert_words',
    auth: 'user',
    handler: ({ app, user }) => ({ alert_words: app.store.records.alertWords.forUser(user.id) }),
  },
  {
    /**
     * POST /users/me/alert_words: adds words or phrases (trimmed; blank ones dropped; at most 100
     * characters each; one already there in any case is ignored) and answers the whole list.
     * Messages that arrive later and contain one get the has_alert_word flag; older ones do not.
     */
    method: 'POST',
    path: '/users/me/alert_words',
    auth: 'user',
    handler: (ctx) => {
      const words = wordsParam(ctx.params);
      words.forEach((word, index) => {
        if ([...word].length > MAX_WORD_LENGTH)
          throw badRequest(`alert_words[${index}] is too long (limit: ${MAX_WORD_LENGTH} characters)`);
      });
      const cleaned = words.map((word) => word.trim()).filter((word) => word !== '');
      ctx.app.store.records.alertWords.add(ctx.user.id, cleaned);
      return answer(ctx);
    },
  },
  {
    /** DELETE /users/me/alert_words: removes words without regard to case (unknown ones are ignored). */
    method: 'DELETE',
    path: '/users/me/alert_words',
    auth: 'user',
    handler: (ctx) => {
      ctx.app.store.records.alertWords.remove(ctx.user.id, wordsParam(ctx.params));
      return answer(ctx);
    },
  },
];
