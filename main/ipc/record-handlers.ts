/** Handlers of the record calls (common/ipc/records-contract.ts): thin steps onto an account's AccountRecords. */
import type { CallArgs, CallResult } from '../../common/ipc/contract';
import type { RecordCalls } from '../../common/ipc/records-contract';
import type { AccountManager } from '../accounts/manager';
import { deactivateCustomEmoji } from '../api/routes/realm-emoji';
import { appActivity } from '../presence/activity';
import * as alertWords from '../records/alert-words';
import * as channels from '../records/channel-actions';
import * as reads from '../records/reads';
import { LINKIFIERS_KEY, storedLinkifiers } from '../sync/convert-linkifiers';
import { REALM_DOMAINS_KEY, storedRealmDomains } from '../sync/convert-realm-domains';
import { addRealmDomain, removeRealmDomain } from '../api/routes/realm-domains';
import { updateUserSettingsDefaults } from '../api/routes/user-settings-defaults';
import { USER_DEFAULTS_KEY, storedUserDefaults } from '../sync/convert-user-defaults';
import { createBot, deactivateBot } from '../api/routes/bots';
import { BOTS_KEY, storedBots } from '../sync/convert-bots';
import { listAttachments, removeAttachment } from '../records/attachments';
import * as actions from '../records/record-actions';

type RecordHandlers = { [N in keyof RecordCalls]: (args: CallArgs<N>) => Promise<CallResult<N>> };

export function createRecordHandlers(manager: AccountManager): RecordHandlers {
  const records = (a: { accountId: string }) => manager.get(a.accountId).records;
  const store = (a: { accountId: string }) => records(a).store;
  const act = (a: { accountId: string }) => records(a).action();
  return {
    'channels:list': async (a) => reads.listChannels(store(a), a),
    'channels:get': async (a) => reads.getChannel(store(a), a.channelId),
    'channels:subscribers': (a) => records(a).subscribers.page(a),
    'channels:subscribe': (a) => channels.subscribeTo(act(a), a.channelIds),
    'channels:unsubscribe': (a) => channels.unsubscribeFrom(act(a), a.channelIds),
    'channels:setProperty': (a) => channels.setSubscriptionProperty(act(a), a),
    'channels:create': (a) => channels.createNewChannel(act(a), a),
    'topics:setVisibility': (a) => channels.setVisibility(act(a), a),
    'topics:listVisibility': async (a) => reads.listTopicVisibility(store(a), a),
    'groups:list': async (a) => reads.listGroups(store(a), a),
    'groups:update': (a) => actions.updateGroup(act(a), a),
    'folders:list': async (a) => reads.listFolders(store(a), a),
    'folders:create': (a) => actions.createFolder(act(a), a),
    'drafts:list': async (a) => records(a).drafts.list(a.cursor, a.limit),
    'drafts:save': async (a) => records(a).saveDraft(a),
    'drafts:delete': async (a) => {
      records(a).drafts.delete(a.id);
      return null;
    },
    'snippets:list': async (a) => reads.listSnippets(store(a), a),
    'snippets:create': (a) => actions.createSnippet(act(a), a),
    'snippets:update': (a) => actions.updateSnippet(act(a), a),
    'snippets:delete': (a) => actions.deleteSnippet(act(a), a.id),
    'views:list': async (a) => reads.listViews(store(a), a),
    'views:create': (a) => actions.createView(act(a), a),
    'views:update': (a) => actions.updateView(act(a), a),
    'views:delete': (a) => actions.deleteView(act(a), a.fragment),
    'profileFields:list': async (a) => reads.listProfileFields(store(a), a),
    'profileFields:create': (a) => actions.createField(act(a), a),
    'playgrounds:list': async (a) => reads.listPlaygrounds(store(a), a),
    'playgrounds:create': (a) => actions.addPlayground(act(a), a),
    'playgrounds:delete': (a) => actions.removePlayground(act(a), a.id),
    'invites:create': (a) => actions.createInvite(act(a), a),
    'users:list': async (a) => reads.listUsers(store(a), a),
    'users:get': (a) => records(a).user(a.userId),
    'settings:get': async (a) => store(a).userSettings.all(),
    'settings:update': (a) => actions.changeSettings(act(a), a.changes),
    'profile:setFields': (a) => actions.setProfileFields(act(a), a.values),
    'presence:list': async (a) => records(a).presence(),
    'presence:activity': async (a) => {
      appActivity.report(a);
      return null;
    },
    'alertWords:list': async (a) => alertWords.listAlertWords(store(a)),
    'alertWords:add': (a) => alertWords.addWords(act(a), a.words),
    'alertWords:remove': (a) => alertWords.removeWords(act(a), a.words),
    'emoji:names': async (a) => records(a).emoji.names(),
    'emoji:custom': async (a) => records(a).emoji.custom(),
    'linkifiers:list': async (a) => storedLinkifiers(store(a).realm.get(LINKIFIERS_KEY)),
    'realmDomains:list': async (a) => storedRealmDomains(store(a).realm.get(REALM_DOMAINS_KEY)),
    'realmDomains:add': async (a) => {
      await addRealmDomain(act(a).client, a.domain, a.allowSubdomains);
      return null;
    },
    'realmDomains:remove': async (a) => {
      await removeRealmDomain(act(a).client, a.domain);
      return null;
    },
    'userDefaults:get': async (a) => storedUserDefaults(store(a).realm.get(USER_DEFAULTS_KEY)),
    'userDefaults:update': async (a) => {
      await updateUserSettingsDefaults(act(a).client, a.changes);
      return null;
    },
    'bots:list': async (a) => storedBots(store(a).realm.get(BOTS_KEY)),
    'bots:create': (a) => createBot(act(a).client, a.fullName, a.shortName),
    'bots:deactivate': async (a) => {
      await deactivateBot(act(a).client, a.userId);
      return null;
    },
    'typing:edit': (a) => records(a).editing.set(a.messageId, a.op),
    'attachments:list': (a) => listAttachments(store(a), () => act(a).client),
    'attachments:delete': (a) => removeAttachment(act(a).client, a.id),
    'emoji:deactivate': async (a) => {
      await deactivateCustomEmoji(act(a).client, a.name);
      return null;
    },
  };
}
