/**
 * The `?` dialog's list of Parley's keyboard shortcuts, in the sections and wording of Zulip's
 * "Keyboard shortcuts" help page. lib/shortcuts.ts maps the keys themselves.
 */
import type { ShortcutAction } from './shortcuts';

/** The `?` dialog's sections, named and ordered as on Zulip's "Keyboard shortcuts" help page. */
export const SHORTCUT_GROUPS = [
  'The basics',
  'Navigation',
  'Scrolling',
  'Composing messages',
  'Message actions',
  'Menus',
] as const;
export type ShortcutGroup = (typeof SHORTCUT_GROUPS)[number];

export interface ShortcutEntry {
  keys: string[];
  does: string;
  action: ShortcutAction;
  group: ShortcutGroup;
}

/** What the dialog lists, in its order: the keys as shown, what they do, and the section. */
export const SHORTCUTS: readonly ShortcutEntry[] = [
  { keys: ['r', 'Enter'], does: 'Reply to the selected message', action: 'reply', group: 'The basics' },
  { keys: ['c'], does: 'New topic in this channel', action: 'composeTopic', group: 'The basics' },
  { keys: ['x'], does: 'New direct message', action: 'composeDm', group: 'The basics' },
  {
    keys: ['Esc', 'Ctrl+['],
    does: 'Close, leave a text box, or go to the home view',
    action: 'escape',
    group: 'The basics',
  },
  { keys: ['?'], does: 'Show keyboard shortcuts', action: 'help', group: 'The basics' },
  { keys: ['/', 'Ctrl+K'], does: 'Search messages', action: 'search', group: 'Navigation' },
  { keys: ['q'], does: 'Filter channels', action: 'filterChannels', group: 'Navigation' },
  { keys: ['w'], does: 'Filter people', action: 'filterPeople', group: 'Navigation' },
  { keys: ['Alt+←'], does: 'Back through viewing history', action: 'back', group: 'Navigation' },
  { keys: ['Alt+→'], does: 'Forward through viewing history', action: 'forward', group: 'Navigation' },
  { keys: ['n'], does: 'Next unread topic', action: 'nextUnreadTopic', group: 'Navigation' },
  { keys: ['Shift+N'], does: 'Next unread followed topic', action: 'nextUnreadFollowed', group: 'Navigation' },
  { keys: ['p'], does: 'Next unread direct message', action: 'nextUnreadDm', group: 'Navigation' },
  {
    keys: ['s'],
    does: 'Go to the selected message’s topic, or from a topic to its channel',
    action: 'toggleConversation',
    group: 'Navigation',
  },
  { keys: ['Shift+P'], does: 'Direct message feed', action: 'dmFeed', group: 'Navigation' },
  { keys: ['z'], does: 'Zoom to the message in its conversation', action: 'zoom', group: 'Navigation' },
  { keys: ['Shift+A'], does: 'Previous channel', action: 'channelPrevious', group: 'Navigation' },
  { keys: ['Shift+D'], does: 'Next channel', action: 'channelNext', group: 'Navigation' },
  { keys: ['Shift+I'], does: 'Inbox', action: 'inbox', group: 'Navigation' },
  { keys: ['t'], does: 'Recent conversations', action: 'recent', group: 'Navigation' },
  { keys: ['a'], does: 'Combined feed (every unmuted message)', action: 'combinedFeed', group: 'Navigation' },
  { keys: ['*'], does: 'Starred messages', action: 'starred', group: 'Navigation' },
  { keys: ['d'], does: 'Drafts', action: 'drafts', group: 'Navigation' },
  {
    keys: ['Ctrl+.'],
    does: 'Go to the conversation you are composing to',
    action: 'composeTarget',
    group: 'Navigation',
  },
  { keys: ['End', 'Shift+G'], does: 'Last message, and mark this view read', action: 'last', group: 'Scrolling' },
  { keys: ['Home'], does: 'First message', action: 'first', group: 'Scrolling' },
  { keys: ['k', '↑'], does: 'Previous message', action: 'previous', group: 'Scrolling' },
  { keys: ['j', '↓'], does: 'Next message', action: 'next', group: 'Scrolling' },
  { keys: ['PgUp', 'Shift+K'], does: 'Scroll up', action: 'pageUp', group: 'Scrolling' },
  { keys: ['PgDn', 'Shift+J', 'Space'], does: 'Scroll down', action: 'pageDown', group: 'Scrolling' },
  { keys: ['Shift+R'], does: 'Reply directly to the sender', action: 'replyDm', group: 'Composing messages' },
  { keys: ['@'], does: 'Reply mentioning the sender', action: 'replyMention', group: 'Composing messages' },
  { keys: ['>'], does: 'Quote the selected message', action: 'quote', group: 'Composing messages' },
  { keys: ['Ctrl+B'], does: 'Bold (in the compose box)', action: 'bold', group: 'Composing messages' },
  { keys: ['Ctrl+I'], does: 'Italic (in the compose box)', action: 'italic', group: 'Composing messages' },
  { keys: ['Ctrl+Shift+L'], does: 'Link (in the compose box)', action: 'link', group: 'Composing messages' },
  { keys: ['Alt+P'], does: 'Preview (in the compose box)', action: 'preview', group: 'Composing messages' },
  { keys: ['←'], does: 'Edit your last message', action: 'editLast', group: 'Message actions' },
  { keys: ['e'], does: 'Edit your selected message', action: 'edit', group: 'Message actions' },
  { keys: ['i'], does: 'Message actions menu', action: 'actionsMenu', group: 'Message actions' },
  { keys: [':'], does: 'Add an emoji reaction', action: 'reactionPicker', group: 'Message actions' },
  { keys: ['+'], does: 'React with 👍', action: 'thumbsUp', group: 'Message actions' },
  { keys: ['='], does: 'Toggle the first reaction', action: 'firstReaction', group: 'Message actions' },
  { keys: ['Ctrl+S'], does: 'Star or unstar the message', action: 'star', group: 'Message actions' },
  { keys: ['u'], does: 'Sender’s user card', action: 'senderCard', group: 'Message actions' },
  { keys: ['m'], does: 'Move the message or its topic', action: 'move', group: 'Message actions' },
  { keys: ['Shift+H'], does: 'Edit history', action: 'editHistory', group: 'Message actions' },
  { keys: ['Shift+M'], does: 'Mute or unmute the topic', action: 'muteTopic', group: 'Message actions' },
  {
    keys: ['Shift+U'],
    does: 'Mark as unread from the selected message',
    action: 'markUnread',
    group: 'Message actions',
  },
  { keys: ['-'], does: 'Collapse or show the message', action: 'collapse', group: 'Message actions' },
  { keys: ['v'], does: 'View the message’s image', action: 'viewImage', group: 'Message actions' },
  { keys: ['g'], does: 'Settings menu', action: 'gearMenu', group: 'Menus' },
];
