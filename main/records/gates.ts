/** Which features this account's server has (api-v1.md section 9), for the renderer and for the calls. */
import type { FeatureGates } from '../../common/model';
import { channelPermissionsAt, supports } from '../api';
import { IpcFailure } from '../failure';
import type { AccountStore } from '../store/account-store';

/** [INFERENCE] The drafts API arrived with enable_drafts_synchronization, FL 87. */
const DRAFTS_API_LEVEL = 87;

export function featureGates(featureLevel: number, store: AccountStore): FeatureGates {
  return {
    navigationViews: supports(featureLevel, 'navigationViews'),
    savedSnippets: supports(featureLevel, 'savedSnippets'),
    editSavedSnippets: supports(featureLevel, 'editSavedSnippets'),
    channelFolders: supports(featureLevel, 'channelFolders'),
    createChannelDirectly: supports(featureLevel, 'channelsCreate'),
    unmuteTopics: supports(featureLevel, 'userTopics'),
    followTopics: supports(featureLevel, 'followedTopics'),
    channelTopicsPolicy: supports(featureLevel, 'channelTopicsPolicy'),
    channelPermissions: channelPermissionsAt(featureLevel),
    draftsSync:
      featureLevel >= DRAFTS_API_LEVEL && store.userSettings.getBoolean('enable_drafts_synchronization', true),
    inviteToGroups: supports(featureLevel, 'inviteGroupIds'),
    scheduledMessages: supports(featureLevel, 'scheduledMessages'),
    reminders: supports(featureLevel, 'reminders'),
  };
}

/** The gates that are a plain yes or no. */
type Switch = { [K in keyof FeatureGates]: FeatureGates[K] extends boolean ? K : never }[keyof FeatureGates];

const WHAT: Record<Switch, string> = {
  navigationViews: 'navigation views',
  savedSnippets: 'saved snippets',
  editSavedSnippets: 'editing saved snippets',
  channelFolders: 'channel folders',
  createChannelDirectly: 'creating channels directly',
  unmuteTopics: 'unmuting topics',
  followTopics: 'following topics',
  channelTopicsPolicy: 'a topics policy per channel',
  draftsSync: 'synced drafts',
  inviteToGroups: 'adding invited users to groups',
  scheduledMessages: 'scheduled messages',
  reminders: 'message reminders',
};

/** Refuses a call the server cannot answer, with words the renderer can show. */
export function requireFeature(gates: FeatureGates, feature: Switch): void {
  if (!gates[feature]) {
    throw new IpcFailure(
      'UNSUPPORTED',
      `This server does not support ${WHAT[feature]}; it needs a newer Zulip version.`,
    );
  }
}
