/** The per-account state Home builds once and hands to the parts of its screen. */
import type { AccountSummary, FeatureGates, SavedSnippetView, UserGroupView } from '../../common/model';
import type { BridgeClient } from '../lib/bridge';
import { ComposeState } from './compose.svelte';
import { MessageActions } from './messageActions';
import { MessagesState } from './messages.svelte';
import { tallyOf } from './narrowSnapshots';
import { ReadTracker } from './readTracker';
import { RecordList } from './recordList.svelte';
import { SearchState } from './search.svelte';
import { SidebarState } from './sidebar.svelte';
import { TopicVisibilityState } from './topicVisibility.svelte';
import { TypingState } from './typing.svelte';
import { UserSettingsState } from './userSettings.svelte';

export interface HomeParts {
  accountId: string;
  features: FeatureGates | null;
  sidebar: SidebarState;
  messages: MessagesState;
  compose: ComposeState;
  actions: MessageActions;
  reads: ReadTracker;
  typing: TypingState;
  topics: TopicVisibilityState;
  search: SearchState;
  snippets: RecordList<SavedSnippetView>;
  /** The user's alert words, highlighted in messages and search results. */
  alertWords: RecordList<string>;
  /** User groups, for `@*group*` mentions in compose; loaded on first use. */
  groups: RecordList<UserGroupView>;
  /** The user's own Zulip settings (theme, clock, notifications, Enter sends, ...). */
  settings: UserSettingsState;
}

/** Everything Home keeps for one account, built once when the account comes on screen. */
export function buildHomeParts(bridge: BridgeClient, account: AccountSummary): HomeParts {
  const accountId = account.id;
  const typing = new TypingState(bridge, accountId, account.userId);
  const reminders = account.features?.reminders === true;
  const actions = new MessageActions(bridge, accountId, account.userId, reminders, typing);
  const sidebar = new SidebarState(bridge, accountId);
  return {
    accountId,
    features: account.features ?? null,
    sidebar,
    // A conversation shown again draws its kept window at once when the sidebar shows it current.
    messages: new MessagesState(bridge, accountId, account.userId, (narrow) => tallyOf(sidebar.sidebar, narrow)),
    compose: new ComposeState(bridge, accountId),
    actions,
    reads: new ReadTracker(actions, bridge),
    typing,
    topics: new TopicVisibilityState(bridge, accountId, account.features?.followTopics ?? true),
    search: new SearchState(bridge, accountId),
    snippets: new RecordList<SavedSnippetView>(bridge, accountId, ['snippets'], (cursor, limit) =>
      bridge.call('snippets:list', { accountId, cursor, limit }),
    ),
    settings: new UserSettingsState(bridge, accountId),
    groups: new RecordList<UserGroupView>(bridge, accountId, ['groups'], (cursor, limit) =>
      bridge.call('groups:list', { accountId, cursor, limit }),
    ),
    // One page: main answers the whole list from its cache.
    alertWords: new RecordList<string>(bridge, accountId, ['alertWords'], async () => ({
      items: await bridge.call('alertWords:list', { accountId }),
      next: null,
    })),
  };
}
