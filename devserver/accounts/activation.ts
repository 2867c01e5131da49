import type { App } from '../app';
import { subscriberViewers } from '../events/audience';
import { publishPeers } from '../events/channel_events';
import { publishUserUpdate } from '../events/user_events';
import { publishBotEvent } from '../bots/format';
import type { UserRow } from '../store/rows';

/** Channels the user is actively subscribed to (the rows outlive deactivation). */
function activeChannels(app: App, userId: number) {
  return app.store.channels
    .subscriptionsOf(userId)
    .filter((sub) => sub.active === 1)
    .map((sub) => app.store.channels.byId(sub.channel_id))
    .filter((channel) => channel !== undefined);
}

/**
 * Deactivates an account as Zulip does: bots it owns first, then the account itself; its
 * invitation links are revoked. Others get `peer_remove` for each of its channels (before the
 * realm_user event, as Zulip orders them since feature level 377) and realm_user update
 * {is_active: false}, on which clients also drop it from every group. Subscriptions and group
 * rows stay, so reactivation restores them.
 */
export function deactivateAccount(app: App, target: UserRow): void {
  for (const botId of app.store.records.accounts.activeBotsOwnedBy(target.id)) {
    const bot = app.store.users.byId(botId);
    if (bot) deactivateAccount(app, bot);
  }
  const channels = activeChannels(app, target.id);
  app.store.transaction(() => {
    app.store.records.accounts.setActive(target.id, false);
    for (const invite of app.store.records.invites.links()) {
      if (invite.referrer_id === target.id) app.store.records.invites.revoke('link', invite.id);
    }
  });
  for (const channel of channels) {
    publishPeers(app, 'peer_remove', subscriberViewers(app, channel), [channel.id], [target.id]);
  }
  publishUserUpdate(app, { user_id: target.id, is_active: false });
  // Since feature level 222 Zulip tells those who administer a bot with realm_bot update, not remove.
  if (target.is_bot === 1)
    publishBotEvent(app, target, { op: 'update', bot: { user_id: target.id, is_active: false } });
}

/**
 * Reactivates an account: realm_user update {is_active: true} to everyone (and realm_bot update
 * to those who administer a bot), then peer_add for the channels it is still subscribed to. Bots
 * it owned stay deactivated, as on Zulip.
 */
export function reactivateAccount(app: App, target: UserRow): void {
  app.store.records.accounts.setActive(target.id, true);
  publishUserUpdate(app, { user_id: target.id, is_active: true });
  if (target.is_bot === 1) publishBotEvent(app, target, { op: 'update', bot: { user_id: target.id, is_active: true } });
  for (const channel of activeChannels(app, target.id)) {
    const audience = [...subscriberViewers(app, channel)].filter((id) => id !== target.id);
    publishPeers(app, 'peer_add', audience, [channel.id], [target.id]);
  }
}
