/**
 * Routes each event to the applier of its family. Appliers are plain functions over the
 * store that return deltas; the batch runs them inside one transaction. Events we do not
 * handle (yet) are logged and skipped, never fatal.
 */
import { readVersion, type ZulipEvent } from '../../api';
import type { Delta } from '../deltas';
import { applyAlertWords } from './alert-words';
import type { ApplyContext } from './context';
import { applyDeleteMessage } from './delete-message';
import { applyMessage } from './message';
import { applyPresence } from './presence';
import { applyReaction } from './reaction';
import { applyRealmUser } from './realm-user';
import { applyRecordEvent } from './records';
import { applyReminders, applyScheduledMessages } from './scheduled';
import { applySubscription } from './subscription';
import { applyUpdateMessage } from './update-message';
import { applyUpdateMessageFlags } from './update-message-flags';

export type { ApplyContext } from './context';

export function applyEvent(ctx: ApplyContext, ev: ZulipEvent): Delta[] {
  switch (ev.type) {
    case 'message':
      return applyMessage(ctx, ev);
    case 'update_message':
      return applyUpdateMessage(ctx, ev);
    case 'delete_message':
      return applyDeleteMessage(ctx, ev);
    case 'update_message_flags':
      return applyUpdateMessageFlags(ctx, ev);
    case 'reaction':
      return applyReaction(ctx, ev);
    case 'subscription':
      return applySubscription(ctx, ev);
    case 'realm_user':
      return applyRealmUser(ctx, ev);
    case 'stream':
    case 'user_group':
    case 'drafts':
    case 'saved_snippets':
    case 'navigation_view':
    case 'channel_folder':
    case 'custom_profile_fields':
    case 'realm_playgrounds':
    case 'realm_linkifiers':
    case 'realm_domains':
    case 'realm_user_settings_defaults':
    case 'realm_bot':
    case 'typing_edit_message':
    case 'attachment':
    case 'realm_emoji':
    case 'user_topic':
    case 'typing':
    case 'push_device':
    case 'user_settings':
    case 'realm':
    case 'invites_changed':
      return applyRecordEvent(ctx, ev);
    case 'presence':
      return applyPresence(ctx, ev);
    case 'alert_words':
      return applyAlertWords(ctx, ev);
    case 'scheduled_messages':
      return applyScheduledMessages(ctx, ev);
    case 'reminders':
      return applyReminders(ctx, ev);
    case 'heartbeat':
      // Nothing to store: the batch saves last_event_id, which is all a heartbeat moves.
      return [];
    case 'restart': {
      // The server was upgraded; the queue survives, so only the feature level is news.
      const { featureLevel } = readVersion(ev);
      if (featureLevel > 0) ctx.store.syncState.setFeatureLevel(featureLevel);
      return [];
    }
    case 'unknown':
      if (ev.malformed !== undefined) {
        ctx.log.warn('malformed event skipped', { type: ev.originalType, id: ev.id, problem: ev.malformed });
      } else ctx.log.info('event type not handled yet; skipped', { type: ev.originalType, id: ev.id });
      return [];
  }
}
