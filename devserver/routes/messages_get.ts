import { badRequest, incompatibleParams, missingParam } from '../http/errors';
import type { Params } from '../http/params';
import type { ApiRoute } from '../http/route';
import { MAX_MESSAGES_PER_FETCH } from '../limits';
import { parseAnchor } from '../narrow/anchor';
import { fetchByIds, fetchPage } from '../narrow/page';
import { parseNarrow } from '../narrow/parse';
import { compileNarrow } from '../narrow/query';
import { highlightHtml, highlightText, highlightTokens } from '../narrow/search';
import { MessageFormatter } from '../views/messages';
import { hideInaccessibleSenders } from '../accounts/user_access';

const RANGE_PARAMS = ['anchor', 'include_anchor', 'use_first_unread_anchor', 'num_before', 'num_after'];

function count(params: Params, name: string): number {
  const value = params.int(name);
  if (value === undefined) throw missingParam(name);
  if (value < 0) throw badRequest(`${name} is too small`);
  return value;
}

export const messageGetRoutes: ApiRoute[] = [
  {
    /**
     * GET /messages: a page of messages matching a narrow, around an anchor, or the accessible
     * subset of explicit message_ids. At most 5000 per request.
     */
    method: 'GET',
    path: '/messages',
    auth: 'user',
    handler: ({ app, user, params }) => {
      const terms = parseNarrow(params.json('narrow'));
      const applyMarkdown = params.bool('apply_markdown', true);
      const allowEmptyTopicName = params.bool('allow_empty_topic_name', false);
      params.bool('client_gravatar', true); // no Gravatar users here, so it changes nothing
      const messageIds = params.intList('message_ids');
      const realm = app.store.realm.get();
      const formatter = new MessageFormatter(app.store, app.baseUrl);
      const tokens = highlightTokens(terms);
      const format = (ids: number[]) => {
        const rows = app.store.messages.byIds(ids);
        const messages = formatter.formatForViewer(rows, user.id, { applyMarkdown, allowEmptyTopicName });
        hideInaccessibleSenders(app, user, messages);
        // Searches say where they matched: the rendered content and topic with highlight spans.
        if (terms.some((t) => t.operator === 'search')) {
          messages.forEach((message, i) => {
            message['match_content'] = highlightHtml(rows[i]!.rendered_content, tokens);
            message['match_subject'] = highlightText(String(message['subject']), tokens);
          });
        }
        return messages;
      };

      if (messageIds !== undefined) {
        const clashing = RANGE_PARAMS.filter((name) => params.has(name));
        if (clashing.length > 0) throw incompatibleParams(['message_ids', ...clashing]);
        if (messageIds.length > MAX_MESSAGES_PER_FETCH) {
          throw badRequest(`Too many messages requested (maximum ${MAX_MESSAGES_PER_FETCH}).`);
        }
        const query = compileNarrow(app.store, user, realm, terms, { accessible: true });
        return { messages: format(fetchByIds(app.store, query, messageIds)), history_limited: false };
      }

      const anchor = parseAnchor(params);
      const includeAnchor = params.bool('include_anchor', true);
      const numBefore = count(params, 'num_before');
      const numAfter = count(params, 'num_after');
      if (numBefore + numAfter > MAX_MESSAGES_PER_FETCH) {
        throw badRequest(`Too many messages requested (maximum ${MAX_MESSAGES_PER_FETCH}).`);
      }
      if (!includeAnchor && numBefore > 0 && numAfter > 0) {
        throw badRequest('The anchor can only be excluded at an end of the range');
      }
      const query = compileNarrow(app.store, user, realm, terms);
      const page = fetchPage(app.store, query, { anchor, includeAnchor, numBefore, numAfter });
      return {
        anchor: page.anchor,
        found_anchor: page.foundAnchor,
        found_oldest: page.foundOldest,
        found_newest: page.foundNewest,
        history_limited: false,
        messages: format(page.ids),
      };
    },
  },
];
