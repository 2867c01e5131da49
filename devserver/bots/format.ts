import type { App } from '../app';
import { ROLE, type UserRow } from '../store/rows';
import { avatarUrl } from '../views/users';

/**
 * The Bot object of register's realm_bots and realm_bot add events, with the bot's API key as
 * Zulip sends it to the people who administer the bot. This server has no outgoing-webhook or
 * embedded bots, so services is always empty.
 */
export function formatBot(app: App, bot: UserRow): Record<string, unknown> {
  return {
    email: bot.delivery_email,
    user_id: bot.id,
    full_name: bot.full_name,
    bot_type: bot.bot_type,
    is_active: bot.is_active === 1,
    api_key: bot.api_key,
    default_sending_stream: null,
    default_events_register_stream: null,
    default_all_public_streams: false,
    avatar_url: avatarUrl(app.baseUrl, bot),
    services: [],
    // Zulip leaves owner_id out for a bot without an owner.
    ...(bot.bot_owner_id === null ? {} : { owner_id: bot.bot_owner_id }),
  };
}

/** Whether the user may administer the bot: its owner, or an organization administrator. */
export function administers(user: UserRow, bot: UserRow): boolean {
  return user.role <= ROLE.admin || bot.bot_owner_id === user.id;
}

/** Bots the user administers (deactivated ones too), as register's realm_bots lists them. */
export function administeredBots(app: App, user: UserRow): UserRow[] {
  return app.store.users.all().filter((u) => u.is_bot === 1 && u.is_system_bot === 0 && administers(user, u));
}

/** Zulip's bot_owner_user_ids: the active administrators and the bot's owner. */
export function botAdministratorIds(app: App, bot: UserRow): number[] {
  return app.store.users
    .all()
    .filter((u) => u.is_active === 1 && u.is_bot === 0 && administers(u, bot))
    .map((u) => u.id);
}

/** realm_bot events go only to those who administer the bot. */
export function publishBotEvent(app: App, bot: UserRow, event: { op: string; bot: Record<string, unknown> }): void {
  app.queues.publish(botAdministratorIds(app, bot), 'realm_bot', () => ({ type: 'realm_bot', ...event }));
}
