import { channelByNameForUser } from '../channels/access';
import { checkNewChannel, insertChannels, noticeNewChannels, type NewChannelSpec } from '../channels/create';
import { checkChannelName } from '../channels/names';
import { noticeSubscribedByOthers } from '../channels/notices';
import { checkChannelOptions, readChannelOptions } from '../channels/options';
import { controls, readPrincipals } from '../channels/principals';
import { addSubscriptions, removeSubscriptions, type SubscriptionChange } from '../channels/subscribe';
import { mayRemoveOthers, sortByAuthorization } from '../channels/subscribe_access';
import { GroupGraph } from '../groups/graph';
import { badRequest, missingParam } from '../http/errors';
import type { ApiResult, ApiRoute, RequestContext } from '../http/route';
import { ROLE, type ChannelRow, type UserRow } from '../store/rows';
import { checkColor } from './subscription_properties';
import { subscriptionList } from './channels_get';
import { readIncludeSubscribers } from '../register/subscriptions';

interface SubscribeRequest extends NewChannelSpec {
  color: string | undefined;
}

/** `subscriptions` / `add`: a list of {name, description?, color?}. */
function readSubscribeList(raw: unknown, name: string): SubscribeRequest[] {
  if (!Array.isArray(raw)) throw badRequest(`${name} is not a list`);
  return raw.map((item: unknown, index) => {
    const entry = item as Record<string, unknown> | null;
    if (typeof entry !== 'object' || entry === null || typeof entry['name'] !== 'string') {
      throw badRequest(`${name}[${index}] is not a dict with a name`);
    }
    const description = entry['description'];
    if (description !== undefined && typeof description !== 'string') {
      throw badRequest(`${name}[${index}]["description"] is not a string`);
    }
    const color = entry['color'];
    if (color !== undefined && typeof color !== 'string')
      throw badRequest(`${name}[${index}]["color"] is not a string`);
    return {
      name: entry['name'],
      description: description ?? '',
      color: color === undefined ? undefined : checkColor(color),
    };
  });
}

const namesByUser = (changes: SubscriptionChange[]): Record<string, string[]> => {
  const out: Record<string, string[]> = {};
  for (const { userId, channel } of changes) (out[String(userId)] ??= []).push(channel.name);
  return out;
};

/** The body of POST /users/me/subscriptions (also PATCH's `add`). */
function subscribe(ctx: RequestContext<UserRow>, requests: SubscribeRequest[]): ApiResult {
  const { app, user, params } = ctx;
  if (user.role === ROLE.guest) throw badRequest('Not allowed for guest users');
  const principals = readPrincipals(app, user, params);
  const fatal = params.bool('authorization_errors_fatal', true);
  const announce = params.bool('announce', false);
  const sendMessages = params.bool('send_new_subscription_messages', true);
  const opts = readChannelOptions(params);
  const graph = GroupGraph.load(app.store);

  const existing: ChannelRow[] = [];
  const toCreate: SubscribeRequest[] = [];
  for (const request of requests) {
    const name = checkChannelName(request.name);
    const channel = app.store.channels.byName(name);
    if (channel) {
      if (!existing.includes(channel)) existing.push(channel);
    } else if (!toCreate.some((other) => other.name.toLowerCase() === name.toLowerCase())) {
      toCreate.push({ ...request, name });
    }
  }
  const resolved = toCreate.length > 0 ? checkChannelOptions(app, graph, user, opts) : undefined;
  const specs = toCreate.map((request) => checkNewChannel(app, request));
  const targets = principals ?? [user];
  const addingOthers = targets.some((target) => target.id !== user.id);
  const sorted = sortByAuthorization(app, graph, user, existing, addingOthers);
  const [firstUnauthorized] = sorted.unauthorized;
  if (firstUnauthorized && fatal) throw badRequest(`Unable to access channel (${firstUnauthorized.name}).`);
  if (sorted.forbidden.length > 0) throw badRequest('Insufficient permission');

  const created = resolved ? insertChannels(app, user, specs, opts, resolved) : [];
  const channels = [...sorted.authorized, ...created];
  const colors = new Map<number, string>();
  for (const request of requests) {
    const channel = channels.find((candidate) => candidate.name.toLowerCase() === request.name.trim().toLowerCase());
    if (channel && request.color !== undefined) colors.set(channel.id, request.color);
  }
  const result = addSubscriptions(
    app,
    channels,
    targets.map((target) => target.id),
    colors,
  );
  noticeNewChannels(app, graph, user, created, announce);
  const body: ApiResult = {
    subscribed: namesByUser(result.subscribed),
    already_subscribed: namesByUser(result.already),
  };
  if (!fatal) body['unauthorized'] = sorted.unauthorized.map((channel) => channel.name);
  if (sendMessages) {
    const createdIds = new Set(created.map((channel) => channel.id));
    const notify = result.subscribed.filter((change) => !createdIds.has(change.channel.id));
    body['new_subscription_messages_sent'] = noticeSubscribedByOthers(app, user, notify);
  }
  return body;
}

/** The body of DELETE /users/me/subscriptions (also PATCH's `delete`). */
function unsubscribe(ctx: RequestContext<UserRow>, names: string[]): ApiResult {
  const { app, user, params } = ctx;
  const targets = readPrincipals(app, user, params) ?? [user];
  const graph = GroupGraph.load(app.store);
  const byId = new Map<number, ChannelRow>();
  for (const name of names) {
    const channel = channelByNameForUser(app, user, name.trim());
    byId.set(channel.id, channel);
  }
  const channels = [...byId.values()];
  if (targets.some((target) => !controls(user, target))) {
    if (channels.some((channel) => !mayRemoveOthers(app, graph, user, channel))) {
      throw badRequest('Insufficient permission');
    }
  }
  const result = removeSubscriptions(
    app,
    channels,
    targets.map((target) => target.id),
  );
  return {
    removed: result.removed.map((change) => change.channel.name),
    not_removed: result.notSubscribed.map((change) => change.channel.name),
  };
}

export const subscriptionRoutes: ApiRoute[] = [
  {
    /** GET /users/me/subscriptions: the caller's subscriptions, with subscriber lists on request. */
    method: 'GET',
    path: '/users/me/subscriptions',
    auth: 'user',
    handler: ({ app, user, params }) => {
      const include = readIncludeSubscribers(params, app.options.featureLevel);
      return { subscriptions: subscriptionList(app, user, include !== 'false') };
    },
  },
  {
    /**
     * POST /users/me/subscriptions: subscribes the caller, or the `principals`, to channels by
     * name, creating missing ones with the channel-creation options. Answers subscribed and
     * already_subscribed keyed by user ID (and unauthorized when authorization_errors_fatal is false).
     */
    method: 'POST',
    path: '/users/me/subscriptions',
    auth: 'user',
    handler: (ctx) => {
      const raw = ctx.params.json('subscriptions');
      if (raw === undefined) throw missingParam('subscriptions');
      return subscribe(ctx, readSubscribeList(raw, 'subscriptions'));
    },
  },
  {
    /**
     * DELETE /users/me/subscriptions: unsubscribes the caller, or the `principals`, from channels
     * by name; answers removed and not_removed. Unknown names are STREAM_DOES_NOT_EXIST.
     */
    method: 'DELETE',
    path: '/users/me/subscriptions',
    auth: 'user',
    handler: (ctx) => {
      const names = ctx.params.stringList('subscriptions');
      if (names === undefined) throw missingParam('subscriptions');
      return unsubscribe(ctx, names);
    },
  },
  {
    /** PATCH /users/me/subscriptions: `add` and `delete` in one request, results merged. */
    method: 'PATCH',
    path: '/users/me/subscriptions',
    auth: 'user',
    handler: (ctx) => {
      const add = readSubscribeList(ctx.params.json('add') ?? [], 'add');
      const remove = ctx.params.stringList('delete') ?? [];
      if (add.length === 0 && remove.length === 0) {
        throw badRequest('Nothing to do. Specify at least one of "add" or "delete".');
      }
      return { ...(add.length > 0 ? subscribe(ctx, add) : {}), ...(remove.length > 0 ? unsubscribe(ctx, remove) : {}) };
    },
  },
];
