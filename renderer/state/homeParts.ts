/** The per-account state Home builds once and hands to the parts of its screen. */
import type { FeatureGates, SavedSnippetView, UserGroupView } from '../../common/model';
import type { ComposeState } from './compose.svelte';
import type { MessageActions } from './messageActions';
import type { MessagesState } from './messages.svelte';
import type { ReadTracker } from './readTracker';
import type { RecordList } from './recordList.svelte';
import type { SearchState } from './search.svelte';
import type { SidebarState } from './sidebar.svelte';
import type { TopicVisibilityState } from './topicVisibility.svelte';
import type { TypingState } from './typing.svelte';
import type { UserSettingsState } from './userSettings.svelte';

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
