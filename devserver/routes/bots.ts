import { nowSeconds } from '../app';
import { deactivateAccount } from '../accounts/activation';
import { newApiKey } from '../accounts/create';
import { administers, formatBot, publishBotEvent } from '../bots/format';
import { publishUserAdd, publishUserUpdate } from '../events/user_events';
import { ApiError, badRequest, missingParam } from '../http/errors';
import type { ApiRoute, RequestContext } from '../http/route';
import { ROLE, type UserRow } from '../store/rows';
import { avatarUrl } from '../views/users';
import { checkFullName } from './settings';

/** Bot types this server creates: generic and incoming webhook (no outgoing or embedded services here). */
const CREATABLE_BOT_TYPES = new Set([1, 2]);

/** Zulip's require_member_or_admin: guests may not manage bots. */
function requireMember(user: UserRow): void {
  if (user.role === ROLE.guest) throw badRequest('Not allowed for guest users');
}

/** Zulip's access_bot_by_id: a bot of this organization that the caller administers. */
function accessBot(ctx: RequestContext<UserRow>): UserRow {
  requireMember(ctx.user);
  const raw = ctx.pathParams['bot_id'] ?? '';
  const bot = /^\d+$/.test(raw) ? ctx.app.store.users.byId(Number(raw)) : undefined;
  if (!bot || bot.is_bot !== 1 || bot.is_system_bot === 1) throw badRequest('No such bot');
  if (!administers(ctx.user, bot)) throw badRequest('Insufficient permission');
  return bot;
}

/** Zulip's check_bot_name_available: no two active bots share a name. */
function checkBotNameFree(ctx: RequestContext<UserRow>, fullName: string, except?: number): void {
  const taken = ctx.app.store.users
    .all()
    .some((u) => u.is_active === 1 && u.id !== except && u.full_name.toLowerCase() === fullName.toLowerCase());
  if (taken) throw badRequest('Name is already in use!');
}

export const botRoutes: ApiRoute[] = [
  {
    /** GET /bots: the caller's own active bots, oldest first, each with its API key. */
    method: 'GET',
    path: '/bots',
    auth: 'user',
    handler: ({ app, user }) => {
      requireMember(user);
      const bots = app.store.users
        .all()
        .filter((u) => u.is_bot === 1 && u.is_active === 1 && u.bot_owner_id === user.id)
        .sort((a, b) => a.date_joined - b.date_joined || a.id - b.id);
      return {
        bots: bots.map((bot) => ({
          username: bot.delivery_email,
          full_name: bot.full_name,
          api_key: bot.api_key,
          avatar_url: avatarUrl(app.baseUrl, bot),
          default_sending_stream: null,
          default_events_register_stream: null,
          default_all_public_streams: false,
        })),
      };
    },
  },
  {
    /**
     * POST /bots: creates a bot owned by the caller (members and up). Its email is
     * `{short_name}-bot@{domain}` (the organization's placeholder domain, as Zulip uses its host). Everyone gets realm_user add; those who administer it get
     * realm_bot add with the API key, which the answer also carries.
     */
    method: 'POST',
    path: '/bots',
    auth: 'user',
    handler: (ctx) => {
      const { app, user, params } = ctx;
      requireMember(user);
      const rawFull = params.string('full_name');
      const rawShort = params.string('short_name');
      if (rawFull === undefined) throw missingParam('full_name');
      if (rawShort === undefined) throw missingParam('short_name');
      const botType = params.int('bot_type') ?? 1;
      const short = rawShort.trim();
      if (short === '' || !/^[A-Za-z0-9._+-]+$/.test(short)) throw badRequest('Bad name or username');
      const fullName = checkFullName(rawFull);
      const email = `${short}-bot@${app.store.realm.get().placeholder_email_domain}`.toLowerCase();
      if (app.store.users.all().some((u) => u.delivery_email.toLowerCase() === email)) {
        throw badRequest('Username already in use');
      }
      checkBotNameFree(ctx, fullName);
      if (!CREATABLE_BOT_TYPES.has(botType)) throw badRequest('Invalid bot type');
      const id = app.store.users.insert({
        delivery_email: email,
        full_name: fullName,
        password_hash: null,
        api_key: newApiKey(),
        role: ROLE.member,
        is_bot: true,
        bot_type: botType,
        bot_owner_id: user.id,
        date_joined: nowSeconds(),
        timezone: '',
      });
      const bot = app.store.users.byId(id)!;
      publishUserAdd(app, bot);
      publishBotEvent(app, bot, { op: 'add', bot: formatBot(app, bot) });
      return {
        user_id: bot.id,
        api_key: bot.api_key,
        avatar_url: avatarUrl(app.baseUrl, bot),
        default_sending_stream: null,
        default_events_register_stream: null,
        default_all_public_streams: false,
      };
    },
  },
  {
    /** PATCH /bots/{bot_id}: renames a bot (its owner or an administrator); realm_user and realm_bot update. */
    method: 'PATCH',
    path: '/bots/{bot_id}',
    auth: 'user',
    handler: (ctx) => {
      const { app, params } = ctx;
      const bot = accessBot(ctx);
      const rawFull = params.string('full_name');
      if (rawFull !== undefined) {
        const fullName = checkFullName(rawFull);
        if (fullName !== bot.full_name) {
          checkBotNameFree(ctx, fullName, bot.id);
          app.store.records.accounts.setFullName(bot.id, fullName);
          publishUserUpdate(app, { user_id: bot.id, full_name: fullName });
          publishBotEvent(app, bot, { op: 'update', bot: { user_id: bot.id, full_name: fullName } });
        }
      }
      const after = app.store.users.byId(bot.id)!;
      const owner = after.bot_owner_id === null ? undefined : app.store.users.byId(after.bot_owner_id);
      return {
        full_name: after.full_name,
        avatar_url: avatarUrl(app.baseUrl, after),
        default_sending_stream: null,
        default_events_register_stream: null,
        default_all_public_streams: false,
        ...(owner ? { bot_owner: owner.delivery_email } : {}),
      };
    },
  },
  {
    /**
     * DELETE /bots/{bot_id}: deactivates a bot (its owner or an administrator). Everyone gets
     * realm_user update {is_active: false}; those who administer it, realm_bot update too.
     */
    method: 'DELETE',
    path: '/bots/{bot_id}',
    auth: 'user',
    handler: (ctx) => {
      const bot = accessBot(ctx);
      if (bot.is_active !== 1) throw new ApiError(400, 'BAD_REQUEST', 'User is deactivated');
      deactivateAccount(ctx.app, bot);
      return {};
    },
  },
];
