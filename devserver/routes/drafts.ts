import { isActiveSub } from '../access';
import type { App } from '../app';
import { publishToUser } from '../events/records';
import { ApiError, badRequest, missingParam } from '../http/errors';
import type { ApiRoute, RequestContext } from '../http/route';
import { LIMITS } from '../limits';
import { normalizeContent } from '../messaging/normalize';
import { userSettings } from '../register/user_settings';
import type { DraftFields } from '../store/drafts';
import { ROLE, type ChannelRow, type UserRow } from '../store/rows';
import { formatDraft } from '../views/drafts';

const DRAFT_KEYS = new Set(['type', 'to', 'topic', 'content', 'timestamp']);
const TYPES = new Set(['', 'stream', 'private']);

/** Every draft route refuses to work while the user has draft synchronization turned off. */
function syncingUser(ctx: RequestContext<UserRow>): UserRow {
  if (userSettings(ctx.user)['enable_drafts_synchronization'] !== true) {
    throw badRequest('User has disabled synchronizing drafts.');
  }
  return ctx.user;
}

const draftNotFound = (): ApiError => new ApiError(404, 'BAD_REQUEST', 'Draft does not exist');

function draftId(ctx: RequestContext<UserRow>): number {
  const raw = ctx.pathParams['draft_id'] ?? '';
  if (!/^\d+$/.test(raw)) throw draftNotFound();
  return Number(raw);
}

/**
 * Validates one Draft object from a request (Zulip's DraftData): only the documented keys, the
 * channel or users it is addressed to must exist and be reachable, no NUL bytes, and a missing
 * timestamp becomes "now".
 */
export function parseDraft(app: App, user: UserRow, raw: unknown, where: string): DraftFields {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw badRequest(`${where} is not a dict`);
  const draft = raw as Record<string, unknown>;
  const extra = Object.keys(draft).find((key) => !DRAFT_KEYS.has(key));
  if (extra !== undefined) throw badRequest(`Argument "${extra}" at ${where} is unexpected`);
  for (const key of ['type', 'to', 'topic', 'content']) {
    if (!(key in draft)) throw badRequest(`${where} is missing the "${key}" key`);
  }
  const { type, to, topic, content, timestamp } = draft;
  if (typeof type !== 'string' || !TYPES.has(type)) {
    throw badRequest(`${where}["type"] must be "", "stream" or "private"`);
  }
  if (!Array.isArray(to) || !to.every((id) => typeof id === 'number' && Number.isSafeInteger(id))) {
    throw badRequest(`${where}["to"] is not a list of integers`);
  }
  if (typeof topic !== 'string') throw badRequest(`${where}["topic"] is not a string`);
  if (typeof content !== 'string') throw badRequest(`${where}["content"] is not a string`);
  if (timestamp !== undefined && timestamp !== null && typeof timestamp !== 'number') {
    throw badRequest(`${where}["timestamp"] is not a number`);
  }
  const lastEditTime = typeof timestamp === 'number' ? Math.round(timestamp * 1e6) / 1e6 : Date.now() / 1000;
  if (lastEditTime < 0) throw badRequest('Timestamp must not be negative.');
  const body = normalizeContent(content);
  const ids = to as number[];

  if (type === 'stream') {
    if (topic.includes('\u0000')) throw badRequest('Topic must not contain null bytes');
    if (ids.length !== 1) throw badRequest('Must specify exactly 1 channel ID for channel messages');
    const channelId = ids[0]!;
    const channel = app.store.channels.byId(channelId);
    if (!channel || !canAccessChannel(app, user, channel)) throw badRequest('Invalid channel ID');
    return { type, to: [channelId], topic: truncateTopic(topic), content: body, lastEditTime };
  }
  if (type === 'private' && ids.length > 0) {
    const unknown = ids.find((id) => app.store.users.byId(id) === undefined);
    if (unknown !== undefined) throw badRequest(`Invalid user ID ${unknown}`);
    return { type, to: [...new Set(ids)].sort((a, b) => a - b), topic: '', content: body, lastEditTime };
  }
  // An unaddressed draft, including a direct-message draft with nobody in "to" yet.
  return { type: '', to: [], topic: '', content: body, lastEditTime };
}

/** Zulip's access_stream_by_id: subscribers, and everyone but guests for public channels. */
export function canAccessChannel(app: App, user: UserRow, channel: ChannelRow): boolean {
  const sub = app.store.channels.subscription(user.id, channel.id);
  return isActiveSub(sub) || channel.is_web_public === 1 || (channel.invite_only === 0 && user.role !== ROLE.guest);
}

function truncateTopic(topic: string): string {
  const chars = [...topic];
  return chars.length > LIMITS.max_topic_length ? chars.slice(0, LIMITS.max_topic_length - 3).join('') + '...' : topic;
}

export const draftRoutes: ApiRoute[] = [
  {
    /** GET /drafts: the caller's drafts, least recently edited first, with their count. */
    method: 'GET',
    path: '/drafts',
    auth: 'user',
    handler: (ctx) => {
      const drafts = ctx.app.store.records.drafts.forUser(syncingUser(ctx).id).map(formatDraft);
      return { count: drafts.length, drafts };
    },
  },
  {
    /** POST /drafts: creates drafts in bulk; all or none. Answers their IDs in submission order. */
    method: 'POST',
    path: '/drafts',
    auth: 'user',
    handler: (ctx) => {
      const user = syncingUser(ctx);
      const raw = ctx.params.json('drafts');
      if (raw === undefined) throw missingParam('drafts');
      if (!Array.isArray(raw)) throw badRequest('drafts is not a list');
      const drafts = raw.map((draft, index) => parseDraft(ctx.app, user, draft, `drafts[${index}]`));
      const rows = ctx.app.store.transaction(() =>
        drafts.map((draft) => ctx.app.store.records.drafts.insert(user.id, draft)),
      );
      publishToUser(ctx.app, user.id, { type: 'drafts', op: 'add', drafts: rows.map(formatDraft) });
      return { ids: rows.map((row) => row.id) };
    },
  },
  {
    /** PATCH /drafts/{draft_id}: replaces a draft wholesale (404 BAD_REQUEST if it is not the caller's). */
    method: 'PATCH',
    path: '/drafts/{draft_id}',
    auth: 'user',
    handler: (ctx) => {
      const user = syncingUser(ctx);
      const id = draftId(ctx);
      const raw = ctx.params.json('draft');
      if (raw === undefined) throw missingParam('draft');
      if (!ctx.app.store.records.drafts.get(user.id, id)) throw draftNotFound();
      const row = ctx.app.store.records.drafts.update(user.id, id, parseDraft(ctx.app, user, raw, 'draft'));
      publishToUser(ctx.app, user.id, { type: 'drafts', op: 'update', draft: formatDraft(row) });
      return {};
    },
  },
  {
    /** DELETE /drafts/{draft_id}: deletes one of the caller's drafts. */
    method: 'DELETE',
    path: '/drafts/{draft_id}',
    auth: 'user',
    handler: (ctx) => {
      const user = syncingUser(ctx);
      const id = draftId(ctx);
      if (!ctx.app.store.records.drafts.get(user.id, id)) throw draftNotFound();
      ctx.app.store.records.drafts.delete(id);
      publishToUser(ctx.app, user.id, { type: 'drafts', op: 'remove', draft_id: id });
      return {};
    },
  },
];
