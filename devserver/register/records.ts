import type { App } from '../app';
import type { UserRow } from '../store/rows';
import { formatDraft } from '../views/drafts';
import { formatNavigationView } from '../views/navigation_views';
import { formatPlayground } from '../views/playgrounds';
import { formatRealmDomain } from '../store/realm_domains';
import { realmUserDefaults } from '../settings/user_defaults';
import { administeredBots, formatBot } from '../bots/format';
import { formatProfileField } from '../views/profile_fields';
import { formatSavedSnippet } from '../views/saved_snippets';
import { formatReminder, formatScheduledMessage } from '../views/scheduled_messages';
import { REMIND, SEND_LATER } from '../store/scheduled_messages';
import { userSettings } from './user_settings';

/**
 * The per-user and organization records of POST /register, each gated by its fetch type:
 * drafts (empty while the user has draft synchronization off), saved_snippets, navigation_views,
 * custom_profile_fields, scheduled_messages, reminders, realm_playgrounds, realm_domains
 * and realm_user_settings_defaults.
 */
export function recordsState(app: App, user: UserRow, want: (type: string) => boolean): Record<string, unknown> {
  const records = app.store.records;
  const state: Record<string, unknown> = {};
  if (want('drafts')) {
    const syncing = userSettings(user)['enable_drafts_synchronization'] === true;
    state['drafts'] = syncing ? records.drafts.forUser(user.id).map(formatDraft) : [];
  }
  if (want('saved_snippets')) state['saved_snippets'] = records.savedSnippets.forUser(user.id).map(formatSavedSnippet);
  if (want('navigation_views')) {
    state['navigation_views'] = records.navigationViews.forUser(user.id).map(formatNavigationView);
  }
  if (want('custom_profile_fields'))
    state['custom_profile_fields'] = records.profileFields.all().map(formatProfileField);
  if (want('scheduled_messages')) {
    state['scheduled_messages'] = records.scheduled.pending(user.id, SEND_LATER).map(formatScheduledMessage);
  }
  if (want('reminders')) state['reminders'] = records.scheduled.pending(user.id, REMIND).map(formatReminder);
  if (want('realm_playgrounds')) state['realm_playgrounds'] = records.playgrounds.all().map(formatPlayground);
  if (want('realm_domains')) state['realm_domains'] = records.realmDomains.all().map(formatRealmDomain);
  if (want('realm_user_settings_defaults')) state['realm_user_settings_defaults'] = realmUserDefaults(app);
  if (want('realm_bot')) state['realm_bots'] = administeredBots(app, user).map((bot) => formatBot(app, bot));
  return state;
}
