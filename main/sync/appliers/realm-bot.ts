/**
 * realm_bot events (to those who administer the bot): add, update (name, is_active, owner,
 * avatar; deactivation since feature level 222) and, from older servers, remove/delete (which
 * meant deactivated). The bot user itself arrives as realm_user events; this list is the admin's.
 */
import type { RealmBotEvent } from '../../api/schemas/record-events';
import type { Delta } from '../deltas';
import type { ApplyContext } from './context';
import { BOTS_KEY, storedBots, toBotView, withBot, withBotChange } from '../convert-bots';

export function applyRealmBot({ store }: ApplyContext, ev: RealmBotEvent): Delta[] {
  const list = storedBots(store.realm.get(BOTS_KEY));
  const next =
    ev.op === 'add'
      ? withBot(list, toBotView(ev.bot))
      : ev.op === 'update'
        ? withBotChange(list, ev.bot)
        : withBotChange(list, { user_id: ev.bot.user_id, is_active: false });
  store.realm.set(BOTS_KEY, next);
  return [{ kind: 'recordsChanged', areas: ['bots'] }];
}
