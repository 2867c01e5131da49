/**
 * The shortcuts that go to another view, as Zulip's keys do (web/src/hotkey.ts): the Inbox,
 * Recent conversations, the Combined feed, Starred messages, Drafts, the direct message feed; the next unread topic,
 * followed topic or direct message; `s` between a message's topic and its channel; the channel
 * before or after (Shift+A / Shift+D); the conversation compose points at (Ctrl+.); back and
 * forward through the views seen (Alt+← / Alt+→); the channel and people filters (`q`, `w`); the
 * settings (gear) menu (`g`).
 */
import type { ChannelFolderView, ChannelSummary, Narrow } from '../../common/model';
import { nextUnreadTopic } from '../lib/conversations';
import { neighbourChannel, nextUnreadDm, nextUnreadFollowedTopic } from '../lib/nextConversation';
import type { ShortcutAction } from '../lib/shortcuts';
import type { HomeParts } from '../state/homeParts';
import type { Screen } from '../state/screen';
import { groupChannels } from '../state/sidebarOrder';
import type { Place, ViewHistory } from '../state/viewHistory';
import { currentRow } from './scrollShortcuts';

export interface ViewShortcutHost {
  parts: Pick<HomeParts, 'sidebar' | 'messages' | 'topics' | 'compose'>;
  screen: Screen;
  /** The channels in the sidebar's order. */
  channels: readonly ChannelSummary[];
  history: ViewHistory;
  go(screen: Screen): void;
  /** Opens a conversation from the keyboard and selects `messageId`, else its first unread (or last) message. */
  openByKey(narrow: Narrow, messageId?: number): void;
  runSearch(query: string, title: string): void;
  /** Shows a view of the history again. */
  restore(place: Place): void;
  notice(text: string): void;
}

const SCREENS: Partial<Record<ShortcutAction, Screen>> = {
  inbox: { kind: 'inbox' },
  recent: { kind: 'recent' },
  drafts: { kind: 'drafts' },
  starred: { kind: 'search', title: 'Starred messages' },
};

/** Runs a view shortcut; false when it does not apply here (the key then does its usual). */
export function runViewShortcut(action: ShortcutAction, host: ViewShortcutHost): boolean {
  const screen = SCREENS[action];
  if (screen) {
    host.go(screen);
    return true;
  }
  const { sidebar, messages, topics } = host.parts;
  const here = host.screen.kind === 'narrow' ? messages.narrow : null;
  switch (action) {
    case 'nextUnreadTopic':
      return goOrSay(host, nextUnreadTopic(sidebar.sidebar, here), 'No unread topics left.');
    case 'nextUnreadFollowed':
      return goOrSay(
        host,
        nextUnreadFollowedTopic(sidebar.sidebar, here, (c, t) => topics.of(c, t)),
        'No unread followed topics left.',
      );
    case 'nextUnreadDm':
      return goOrSay(host, nextUnreadDm(sidebar.sidebar, here), 'No unread direct messages left.');
    case 'combinedFeed':
      host.openByKey({ kind: 'all' });
      return true;
    case 'dmFeed':
      host.runSearch('is:dm', 'Direct message feed');
      return true;
    case 'channelPrevious':
    case 'channelNext': {
      const next = neighbourChannel(host.channels, here, action === 'channelNext' ? 1 : -1);
      if (next) host.openByKey(next);
      return next !== null;
    }
    case 'toggleConversation':
      return toggleConversation(host, here);
    case 'composeTarget': {
      const target = composeTarget(host.parts.compose);
      if (target) host.openByKey(target);
      return target !== null;
    }
    case 'back':
    case 'forward': {
      const place = action === 'back' ? host.history.back() : host.history.forward();
      if (place) host.restore(place);
      return true;
    }
    case 'filterPeople':
      return focusOn('input[aria-label="Filter people"]');
    case 'filterChannels':
      return focusOn('input[aria-label="Filter channels"]');
    case 'gearMenu': {
      // Zulip's `g` toggles the gear menu; its first item takes the focus (components/actions/ActionMenu.svelte).
      const button = document.querySelector<HTMLElement>('button[aria-label="Settings menu"]');
      button?.click();
      return button !== null;
    }
    default:
      return false;
  }
}

function focusOn(selector: string): boolean {
  const field = document.querySelector<HTMLElement>(selector);
  field?.focus();
  return field !== null;
}

function goOrSay(host: ViewShortcutHost, narrow: Narrow | null, none: string): boolean {
  if (narrow) host.openByKey(narrow);
  else host.notice(none);
  return true;
}

/** `s`: from a topic to its channel's feed; from a feed to the selected message, in its topic. */
function toggleConversation(host: ViewShortcutHost, here: Narrow | null): boolean {
  if (!here || here.kind === 'dm') return false;
  if (here.kind === 'topic') {
    host.openByKey({ kind: 'channel', channelId: here.channelId });
    return true;
  }
  const row = currentRow(host.parts.messages);
  const message = host.parts.messages.messages.find((m) => m.id === Number(row?.dataset['messageId']));
  if (!message || message.channelId === null) return false;
  host.openByKey({ kind: 'topic', channelId: message.channelId, topic: message.topic }, message.id);
  return true;
}

/** Ctrl+.: where compose would send, as a view (a channel's topic once one is typed). */
function composeTarget(compose: HomeParts['compose']): Narrow | null {
  const narrow = compose.narrow;
  if (narrow?.kind === 'channel' && compose.topic.trim() !== '')
    return { kind: 'topic', channelId: narrow.channelId, topic: compose.topic.trim() };
  return narrow;
}

/** The channels in the order the sidebar lists them (sorted, then grouped by folder). */
export function channelsInSidebarOrder(
  sorted: readonly ChannelSummary[],
  folders: readonly ChannelFolderView[],
): ChannelSummary[] {
  return groupChannels(sorted, folders).flatMap((g) => g.channels);
}
