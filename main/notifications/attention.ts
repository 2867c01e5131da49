/**
 * What the user is looking at: the conversation on screen and whether the window has focus, as
 * the renderer reports it (window:attention). A new message in that conversation needs no
 * notification: Zulip's web app does not notify for a message in the narrow on screen while the
 * window has focus, since the user sees it arrive. In a window that is hidden, minimized or
 * behind others, everything notifies as usual.
 */
import * as z from 'zod';
import type { Narrow } from '../../common/model';
import { narrowSchema } from '../store/narrows';

export interface ScreenState {
  /** The account on screen; null when no account is (sign-in). */
  accountId: string | null;
  /** The conversation on screen; null for any other screen (Inbox, settings, search, ...). */
  narrow: Narrow | null;
  focused: boolean;
}

/** window:attention comes from the renderer: checked before it is believed. */
export const screenStateSchema = z
  .object({ accountId: z.string().min(1).max(100).nullable(), narrow: narrowSchema.nullable(), focused: z.boolean() })
  .strict();

const sameIds = (a: readonly number[], b: readonly number[]): boolean => {
  const x = [...a].sort((p, q) => p - q);
  const y = [...b].sort((p, q) => p - q);
  return x.length === y.length && x.every((id, i) => id === y[i]);
};

/**
 * Whether the narrow on screen shows a message of `conversation` (a topic or a DM, as
 * notifications name it): a channel's feed shows all its topics, the Combined feed everything;
 * topics match case-insensitively.
 */
export function narrowShows(onScreen: Narrow, conversation: Narrow): boolean {
  // The Combined feed shows every conversation as it arrives.
  if (onScreen.kind === 'all' || conversation.kind === 'all') return onScreen.kind === 'all';
  if (onScreen.kind === 'dm' || conversation.kind === 'dm') {
    return onScreen.kind === 'dm' && conversation.kind === 'dm' && sameIds(onScreen.userIds, conversation.userIds);
  }
  if (onScreen.channelId !== conversation.channelId) return false;
  if (onScreen.kind === 'channel') return true;
  return conversation.kind === 'topic' && onScreen.topic.toLowerCase() === conversation.topic.toLowerCase();
}

export class ScreenAttention {
  /** Until the renderer says otherwise, nothing is known to be on screen: everything notifies. */
  #state: ScreenState = { accountId: null, narrow: null, focused: false };

  update(state: ScreenState): void {
    this.#state = state;
  }

  /** Whether the user is looking at this account's conversation right now. */
  sees(accountId: string, conversation: Narrow): boolean {
    const { accountId: shown, narrow, focused } = this.#state;
    return focused && shown === accountId && narrow !== null && narrowShows(narrow, conversation);
  }
}
