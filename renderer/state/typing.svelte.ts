/**
 * Who is typing in this account's conversations (typing:changed replaces the whole list),
 * and who of them is typing where the user is looking.
 */
import type { Narrow, TypingView } from '../../common/model';
import type { BridgeClient } from '../lib/bridge';
import { sameNarrow } from '../lib/narrow';

export class TypingState {
  typing = $state.raw<TypingView[]>([]);
  private readonly stop: () => void;

  constructor(bridge: BridgeClient, accountId: string, selfUserId: number) {
    this.stop = bridge.on('typing:changed', (p) => {
      if (p.accountId !== accountId) return;
      // The user's own typing (from another client) is not news to them.
      this.typing = p.typing
        .map((t) => ({ ...t, userIds: t.userIds.filter((id) => id !== selfUserId) }))
        .filter((t) => t.userIds.length > 0);
    });
  }

  /** Typists in the narrow; a channel narrow includes those typing in any of its topics. */
  userIdsIn(narrow: Narrow | null): number[] {
    if (!narrow) return [];
    const ids: number[] = [];
    for (const t of this.typing) {
      const inChannel =
        narrow.kind === 'channel' && t.narrow.kind === 'topic' && t.narrow.channelId === narrow.channelId;
      if (inChannel || sameNarrow(t.narrow, narrow)) ids.push(...t.userIds.filter((id) => !ids.includes(id)));
    }
    return ids;
  }

  dispose(): void {
    this.stop();
  }
}

/** "Ada is typing…", "Ada and Bo are typing…", "Several people are typing…". */
export function typingSentence(names: readonly string[]): string {
  if (names.length === 0) return '';
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length <= 3) return `${names.slice(0, -1).join(', ')} and ${names.at(-1)} are typing…`;
  return 'Several people are typing…';
}
