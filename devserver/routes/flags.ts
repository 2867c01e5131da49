import { badRequest, missingParam } from '../http/errors';
import type { ApiRoute } from '../http/route';
import { MAX_MESSAGES_PER_FETCH } from '../limits';
import { markAllRead, parseFlagUpdate, unreadAmong, updateFlags } from '../messaging/flags';
import { fetchPage } from '../narrow/page';
import { parseNarrow } from '../narrow/parse';
import { compileNarrow } from '../narrow/query';
import { parseAnchor } from '../narrow/anchor';

export const flagRoutes: ApiRoute[] = [
  {
    /**
     * POST /messages/flags: adds or removes a user-settable flag (read, starred, collapsed) on
     * the listed messages; others are BAD_REQUEST. Answers the requested IDs, and for marking
     * unread the channels skipped because the user is not subscribed.
     */
    method: 'POST',
    path: '/messages/flags',
    auth: 'user',
    handler: ({ app, user, params }) => {
      const messages = params.intList('messages');
      if (messages === undefined) throw missingParam('messages');
      const update = parseFlagUpdate(params.requiredString('op'), params.requiredString('flag'));
      const result = updateFlags(app, user, update, messages);
      const unread = update.flag === 'read' && update.op === 'remove';
      return { messages, ...(unread ? { ignored_because_not_subscribed_channels: result.ignoredChannels } : {}) };
    },
  },
  {
    /**
     * POST /messages/flags/narrow: the same update over a range of the user's messages matching
     * a narrow, chosen like GET /messages (anchor, include_anchor, num_before, num_after).
     */
    method: 'POST',
    path: '/messages/flags/narrow',
    auth: 'user',
    handler: ({ app, user, params }) => {
      const update = parseFlagUpdate(params.requiredString('op'), params.requiredString('flag'));
      const terms = parseNarrow(params.json('narrow'));
      const anchor = parseAnchor(params);
      const includeAnchor = params.bool('include_anchor', true);
      const numBefore = params.int('num_before');
      const numAfter = params.int('num_after');
      if (numBefore === undefined) throw missingParam('num_before');
      if (numAfter === undefined) throw missingParam('num_after');
      if (numBefore < 0 || numAfter < 0) throw badRequest('num_before and num_after must not be negative');
      if (numBefore + numAfter > MAX_MESSAGES_PER_FETCH) {
        throw badRequest(`Too many messages requested (maximum ${MAX_MESSAGES_PER_FETCH}).`);
      }
      const query = compileNarrow(app.store, user, app.store.realm.get(), terms, { receivedOnly: true });
      const page = fetchPage(app.store, query, { anchor, includeAnchor, numBefore, numAfter });
      const result = updateFlags(app, user, update, page.ids);
      return {
        processed_count: page.ids.length,
        updated_count: result.changed.length,
        first_processed_id: page.ids[0] ?? null,
        last_processed_id: page.ids[page.ids.length - 1] ?? null,
        found_oldest: page.foundOldest,
        found_newest: page.foundNewest,
        ignored_because_not_subscribed_channels: result.ignoredChannels,
      };
    },
  },
  {
    /** POST /mark_all_as_read: marks every message read; one update_message_flags event with all=true. */
    method: 'POST',
    path: '/mark_all_as_read',
    auth: 'user',
    handler: ({ app, user }) => {
      markAllRead(app, user);
      return { complete: true };
    },
  },
  {
    /** POST /mark_stream_as_read: marks the user's unread messages in one channel read. */
    method: 'POST',
    path: '/mark_stream_as_read',
    auth: 'user',
    handler: ({ app, user, params }) => {
      const channel = app.store.channels.byId(params.requiredInt('stream_id'));
      if (!channel || !app.store.channels.subscription(user.id, channel.id)) throw badRequest('Invalid channel ID');
      const ids = app.store.db
        .prepare<[number, number], { id: number }>(
          `SELECT um.message_id AS id FROM user_messages um JOIN messages m ON m.id = um.message_id
           WHERE um.user_id = ? AND (um.flags & 1) = 0 AND m.recipient_id = ? ORDER BY um.message_id`,
        )
        .all(user.id, channel.recipient_id)
        .map((row) => row.id);
      updateFlags(app, user, { op: 'add', flag: 'read' }, ids);
      return {};
    },
  },
  {
    /** POST /mark_topic_as_read: marks the user's unread messages in one topic read. */
    method: 'POST',
    path: '/mark_topic_as_read',
    auth: 'user',
    handler: ({ app, user, params }) => {
      const channel = app.store.channels.byId(params.requiredInt('stream_id'));
      const raw = params.requiredString('topic_name').trim();
      if (!channel || !app.store.channels.subscription(user.id, channel.id)) throw badRequest('Invalid channel ID');
      const realm = app.store.realm.get();
      const topic = raw === realm.empty_topic_display_name || raw === '(no topic)' ? '' : raw;
      const inTopic = app.store.messageChanges.topicIds(channel.recipient_id, topic);
      if (app.store.messages.flagsFor(user.id, inTopic).size === 0) throw badRequest(`No such topic '${raw}'`);
      updateFlags(app, user, { op: 'add', flag: 'read' }, unreadAmong(app, user.id, inTopic));
      return {};
    },
  },
];
