/**
 * The bots the user administers (register's realm_bots, realm_bot events), kept in the realm
 * key/value table under one key. Only the fields listed in BotView are kept: a bot's API key
 * arrives with these records and must never reach the cache.
 */
import type { BotView } from '../../common/model-records';
import type { Bot, BotChange } from '../api/schemas/records';

export const BOTS_KEY = 'realm_bots';

const byName = (a: BotView, b: BotView): number => a.fullName.localeCompare(b.fullName);

export function toBotView(bot: Bot): BotView {
  return {
    userId: bot.user_id,
    fullName: bot.full_name,
    email: bot.email,
    botType: bot.bot_type ?? null,
    isActive: bot.is_active,
    ownerId: bot.owner_id ?? null,
    avatarUrl: bot.avatar_url ?? null,
  };
}

/** What the cache holds, read defensively (an older cache has nothing under the key). */
export function storedBots(value: unknown): BotView[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (b): b is BotView =>
      typeof b === 'object' &&
      b !== null &&
      typeof (b as BotView).userId === 'number' &&
      typeof (b as BotView).fullName === 'string',
  );
}

export function sortedBots(list: readonly BotView[]): BotView[] {
  return [...list].sort(byName);
}

/** The list with this bot added or replaced. */
export function withBot(list: readonly BotView[], bot: BotView): BotView[] {
  return sortedBots([...list.filter((b) => b.userId !== bot.userId), bot]);
}

/** The list with one bot's changed fields applied (name, activity, owner, avatar). */
export function withBotChange(list: readonly BotView[], change: BotChange): BotView[] {
  return sortedBots(
    list.map((b) => {
      if (b.userId !== change.user_id) return b;
      return {
        ...b,
        ...(change.full_name !== undefined ? { fullName: change.full_name } : {}),
        ...(change.is_active !== undefined ? { isActive: change.is_active } : {}),
        ...(change.owner_id !== undefined ? { ownerId: change.owner_id } : {}),
        ...(change.avatar_url !== undefined ? { avatarUrl: change.avatar_url } : {}),
      };
    }),
  );
}
