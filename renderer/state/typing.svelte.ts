/**
 * Who is typing in this account's conversations (typing:changed replaces the whole list),
 * and who of them is typing where the user is looking.
 */
import type { EditingView, Narrow, TypingView } from '../../common/model';
import type { BridgeClient } from '../lib/bridge';
import { sameNarrow } from '../lib/narrow';

export class TypingState {
  typing = $state.raw<TypingView[]>([]);
  /** Who else is editing which message (typing:editing replaces the whole list). */
  editing = $state.raw<EditingView[]>([]);
  private readonly stops: Array<() => void>;

  constructor(bridge: BridgeClient, accountId: string, selfUserId: number) {
    const others = <T extends { userIds: number[] }>(list: T[]): T[] =>
      list
        .map((t) => ({ ...t, userIds: t.userIds.filter((id) => id !== selfUserId) }))
        .filter((t) => t.userIds.length > 0);
    this.stops = [
      // The user's own typing (from another client) is not news to them.
      bridge.on('typing:changed', (p) => {
        if (p.accountId === accountId) this.typing = others(p.typing);
      }),
      bridge.on('typing:editing', (p) => {
        if (p.accountId === accountId) this.editing = others(p.editing);
      }),
    ];
  }

  /** Who is editing this message right now. */
  editorsOf(messageId: number): number[] {
    return this.editing.find((e) => e.messageId === messageId)?.userIds ?? [];
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
    this.stops.forEach((stop) => stop());
  }
}

/** "Ada is typing…", "Ada and Bo are typing…", "Several people are typing…" (or editing). */
export function typingSentence(names: readonly string[], verb = 'typing'): string {
  if (names.length === 0) return '';
  if (names.length === 1) return `${names[0]} is ${verb}…`;
  if (names.length <= 3) return `${names.slice(0, -1).join(', ')} and ${names.at(-1)} are ${verb}…`;
  return `Several people are ${verb}…`;
}
