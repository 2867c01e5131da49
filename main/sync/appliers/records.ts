/** Routes the non-message record families (main/api/schemas/record-events.ts) to their appliers. */
import type { RecordEvent } from '../../api/schemas/record-events';
import type { Delta } from '../deltas';
import { applyChannelFolder } from './channel-folder';
import type { ApplyContext } from './context';
import { applyCustomProfileFields } from './custom-profile-fields';
import { applyDrafts } from './drafts';
import { applyNavigationView } from './navigation-view';
import { applyPushDevice } from './push-device';
import { applyRealm } from './realm';
import { applyRealmEmoji } from './realm-emoji';
import { applyRealmLinkifiers } from './realm-linkifiers';
import { applyRealmPlaygrounds } from './realm-playgrounds';
import { applyRealmDomains } from './realm-domains';
import { applyUserDefaults } from './user-defaults';
import { applyRealmBot } from './realm-bot';
import { applyTypingEdit } from './typing-edit';
import { applyAttachment } from './attachment';
import { applySavedSnippets } from './saved-snippets';
import { applyStream } from './stream';
import { applyTyping } from './typing';
import { applyUserGroup } from './user-group';
import { applyUserSettings } from './user-settings';
import { applyUserTopic } from './user-topic';

export function applyRecordEvent(ctx: ApplyContext, ev: RecordEvent): Delta[] {
  switch (ev.type) {
    case 'invites_changed':
      // Nothing is kept: the pending list is fetched again when asked for (invites:list).
      return [{ kind: 'recordsChanged', areas: ['invites'] }];
    case 'stream':
      return applyStream(ctx, ev);
    case 'user_group':
      return applyUserGroup(ctx, ev);
    case 'drafts':
      return applyDrafts(ctx, ev);
    case 'saved_snippets':
      return applySavedSnippets(ctx, ev);
    case 'navigation_view':
      return applyNavigationView(ctx, ev);
    case 'channel_folder':
      return applyChannelFolder(ctx, ev);
    case 'custom_profile_fields':
      return applyCustomProfileFields(ctx, ev);
    case 'realm_playgrounds':
      return applyRealmPlaygrounds(ctx, ev);
    case 'realm_linkifiers':
      return applyRealmLinkifiers(ctx, ev);
    case 'realm_domains':
      return applyRealmDomains(ctx, ev);
    case 'realm_user_settings_defaults':
      return applyUserDefaults(ctx, ev);
    case 'realm_bot':
      return applyRealmBot(ctx, ev);
    case 'typing_edit_message':
      return applyTypingEdit(ctx, ev);
    case 'attachment':
      return applyAttachment(ctx, ev);
    case 'realm_emoji':
      return applyRealmEmoji(ctx, ev);
    case 'user_topic':
      return applyUserTopic(ctx, ev);
    case 'typing':
      return applyTyping(ctx, ev);
    case 'push_device':
      return applyPushDevice(ctx, ev);
    case 'user_settings':
      return applyUserSettings(ctx, ev);
    case 'realm':
      return applyRealm(ctx, ev);
  }
}
