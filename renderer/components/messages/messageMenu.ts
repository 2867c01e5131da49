/**
 * The items of a message's actions menu, much as Zulip's message actions popover lists them:
 * what MessageItem does itself (react, quote, edit, move, delete, history) and what the list
 * around it offers (reply, mark unread from here, copy link and text, view source, collapse).
 */
import type { MessageView } from '../../../common/model';
import type { MessageActions } from '../../state/messageActions';
import type { MenuItem } from '../actions/menu';

export type MessageMode = 'none' | 'react' | 'edit' | 'move' | 'delete' | 'fixSend' | 'history' | 'remind';

/** What the list around the message offers in its menu; each item is left out when absent. */
export interface MessageMenuHost {
  reply?: (message: MessageView) => void;
  markUnreadFrom?: (message: MessageView) => void;
  copyLink?: (message: MessageView) => void;
  copyText?: (message: MessageView) => void;
  viewSource?: (message: MessageView) => void;
  /** Collapses the message, or shows it again. */
  collapse?: (message: MessageView) => void;
  isCollapsed?: (message: MessageView) => boolean;
}

export interface MessageMenuParts {
  message: MessageView;
  actions: MessageActions;
  own: boolean;
  canModerate: boolean;
  canQuote: boolean;
  host: MessageMenuHost | null;
  setMode(mode: MessageMode): void;
  /** Runs a call, showing its failure under the message. */
  run(act: () => Promise<unknown>): void;
  quote(): void;
  startEdit(): void;
}

function hostItem(
  host: MessageMenuHost | null,
  key: Exclude<keyof MessageMenuHost, 'isCollapsed'>,
  label: string,
  m: MessageView,
): MenuItem[] {
  const act = host?.[key];
  return act ? [{ label, run: () => act(m) }] : [];
}

export function messageMenu(p: MessageMenuParts): MenuItem[] {
  const { message: m, actions, host } = p;
  const collapsed = host?.isCollapsed?.(m) ?? false;
  return [
    // First, as before: the keyboard's `i` lands on it, and tests and users expect it there.
    { label: 'Add reaction', run: () => p.setMode('react') },
    ...hostItem(host, 'reply', 'Reply', m),
    ...(p.canQuote ? [{ label: 'Quote and reply', run: p.quote }] : []),
    ...(m.read ? hostItem(host, 'markUnreadFrom', 'Mark as unread from here', m) : []),
    ...(!m.read
      ? [{ label: 'Mark as read', run: () => p.run(() => actions.markRead({ kind: 'messages', ids: [m.id] })) }]
      : []),
    m.starred
      ? { label: 'Unstar message', run: () => p.run(() => actions.setStarred(m, false)) }
      : { label: 'Star message', run: () => p.run(() => actions.setStarred(m, true)) },
    ...(p.own ? [{ label: 'Edit message', run: p.startEdit }] : []),
    ...(m.edited || m.moved ? [{ label: 'View edit history', run: () => p.setMode('history') }] : []),
    ...(m.channelId !== null ? [{ label: 'Move message', run: () => p.setMode('move') }] : []),
    ...(p.own || p.canModerate ? [{ label: 'Delete message', run: () => p.setMode('delete') }] : []),
    ...(actions.canRemind ? [{ label: 'Remind me about this', run: () => p.setMode('remind') }] : []),
    ...hostItem(host, 'collapse', collapsed ? 'Show message' : 'Collapse message', m),
    ...hostItem(host, 'copyLink', 'Copy link to message', m),
    ...hostItem(host, 'copyText', 'Copy message text', m),
    ...hostItem(host, 'viewSource', 'View message source', m),
  ];
}
