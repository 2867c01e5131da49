import type { ApiRoute, AssetRoute } from '../http/route';
import { alertWordRoutes } from './alert_words';
import { assetRoutes } from './assets';
import { authRoutes } from './auth';
import { eventRoutes } from './events';
import { flagRoutes } from './flags';
import { channelFolderRoutes } from './channel_folders';
import { channelRoutes } from './channels';
import { channelReadRoutes } from './channels_get';
import { subscriptionPropertyRoutes } from './subscription_properties';
import { subscriptionRoutes } from './subscriptions';
import { userGroupEditRoutes } from './user_group_edit';
import { userGroupMemberRoutes } from './user_group_members';
import { userGroupRoutes } from './user_groups';
import { messageEditRoutes } from './messages_edit';
import { messageGetRoutes } from './messages_get';
import { messageSendRoutes } from './messages_send';
import { pushRoutes } from './push';
import { reactionRoutes } from './reactions';
import { registerRoutes } from './register';
import { serverSettingsRoutes } from './server_settings';
import { typingRoutes } from './typing';
import { ssoLoginRoutes } from './sso_login';
import { userRoutes } from './users';
import { userTopicRoutes } from './user_topics';
import { draftRoutes } from './drafts';
import { inviteRoutes } from './invites';
import { navigationViewRoutes } from './navigation_views';
import { linkifierRoutes } from './linkifiers';
import { playgroundRoutes } from './playgrounds';
import { realmDomainRoutes } from './realm_domains';
import { userSettingsDefaultsRoutes } from './user_settings_defaults';
import { botRoutes } from './bots';
import { typingEditRoutes } from './typing_edit';
import { presenceRoutes } from './presence';
import { profileFieldRoutes } from './profile_fields';
import { realmRoutes } from './realm';
import { realmEmojiRoutes } from './realm_emoji';
import { reminderRoutes } from './reminders';
import { savedSnippetRoutes } from './saved_snippets';
import { scheduledMessageRoutes } from './scheduled_messages';
import { settingsRoutes } from './settings';
import { signupRoutes } from './signup';
import { uploadFileRoutes } from './upload_files';
import { uploadRoutes } from './uploads';
import { messageRenderRoutes } from './messages_render';
import { userRoleRoutes } from './user_role';
import { emailInviteRoutes } from './email_invites';

/** Every API route. New areas add a routes/<area>.ts file and list it here. */
export const API_ROUTES: readonly ApiRoute[] = [
  ...serverSettingsRoutes,
  ...authRoutes,
  ...registerRoutes,
  ...eventRoutes,
  ...messageSendRoutes,
  ...scheduledMessageRoutes,
  ...reminderRoutes,
  ...messageGetRoutes,
  ...messageEditRoutes,
  ...userTopicRoutes,
  ...reactionRoutes,
  ...flagRoutes,
  ...typingRoutes,
  ...userRoutes,
  ...pushRoutes,
  ...subscriptionRoutes,
  ...subscriptionPropertyRoutes,
  ...channelRoutes,
  ...channelReadRoutes,
  ...channelFolderRoutes,
  ...userGroupRoutes,
  ...userGroupEditRoutes,
  ...userGroupMemberRoutes,
  ...draftRoutes,
  ...savedSnippetRoutes,
  ...navigationViewRoutes,
  ...profileFieldRoutes,
  ...playgroundRoutes,
  ...realmDomainRoutes,
  ...userSettingsDefaultsRoutes,
  ...botRoutes,
  ...typingEditRoutes,
  ...linkifierRoutes,
  ...inviteRoutes,
  ...settingsRoutes,
  ...realmRoutes,
  ...realmEmojiRoutes,
  ...presenceRoutes,
  ...alertWordRoutes,
  ...uploadRoutes,
  ...messageRenderRoutes,
  ...userRoleRoutes,
  ...emailInviteRoutes,
];

export const ASSET_ROUTES: readonly AssetRoute[] = [
  ...assetRoutes,
  ...ssoLoginRoutes,
  ...signupRoutes,
  ...uploadFileRoutes,
];
