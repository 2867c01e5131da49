/** Where a message lives, as a narrow to open and as words to show (search results, drafts). */
import type { DraftTarget, MessageView, Narrow, Sidebar } from '../../common/model';
import { dmPeers, narrowLabel } from './narrow';

export function messageNarrow(message: MessageView, selfUserId: number): Narrow {
  if (message.channelId !== null) return { kind: 'topic', channelId: message.channelId, topic: message.topic };
  return { kind: 'dm', userIds: dmPeers(message.dmUserIds ?? [], selfUserId) };
}

export function draftNarrow(to: DraftTarget | null): Narrow | null {
  if (!to) return null;
  if (to.kind === 'dm') return { kind: 'dm', userIds: [...to.userIds].sort((a, b) => a - b) };
  return to.topic === ''
    ? { kind: 'channel', channelId: to.channelId }
    : { kind: 'topic', channelId: to.channelId, topic: to.topic };
}

export function whereLabel(narrow: Narrow | null, sidebar: Sidebar | null): string {
  if (!narrow) return 'Not addressed yet';
  return narrow.kind === 'dm' ? `Direct message with ${narrowLabel(narrow, sidebar)}` : narrowLabel(narrow, sidebar);
}
