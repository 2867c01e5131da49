/** Which features this account's server has (api-v1.md section 9), for the renderer and for the calls. */
import type { FeatureGates } from '../../common/model';
import { supports } from '../api';
import { IpcFailure } from '../ipc/errors';
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
    followTopics: supports(featureLevel, 'userTopics'),
    draftsSync:
      featureLevel >= DRAFTS_API_LEVEL && store.userSettings.getBoolean('enable_drafts_synchronization', true),
    inviteToGroups: supports(featureLevel, 'inviteGroupIds'),
    scheduledMessages: supports(featureLevel, 'scheduledMessages'),
    reminders: supports(featureLevel, 'reminders'),
  };
}

const WHAT: Record<keyof FeatureGates, string> = {
  navigationViews: 'navigation views',
  savedSnippets: 'saved snippets',
  editSavedSnippets: 'editing saved snippets',
  channelFolders: 'channel folders',
  createChannelDirectly: 'creating channels directly',
  followTopics: 'following topics',
  draftsSync: 'synced drafts',
  inviteToGroups: 'adding invited users to groups',
  scheduledMessages: 'scheduled messages',
  reminders: 'message reminders',
};

/** Refuses a call the server cannot answer, with words the renderer can show. */
export function requireFeature(gates: FeatureGates, feature: keyof FeatureGates): void {
  if (!gates[feature]) {
    throw new IpcFailure(
      'UNSUPPORTED',
      `This server does not support ${WHAT[feature]}; it needs a newer Zulip version.`,
    );
  }
}
