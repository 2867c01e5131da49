/**
 * The Inbox's groups cut into chunks of a few dozen rows, the unit the virtualized list mounts:
 * 4,234 unread conversations at the size of the biggest Zulip communities become ~90 chunks of
 * which two or three are in the DOM. A chunk keeps the list semantics (its own heading, when it
 * starts a group, and a list named after the group), so each mounted row is still a list item of
 * its group for assistive technology and the tests.
 */
import type { Conversation } from '../../lib/conversations';

export interface ConversationGroup {
  group: string;
  items: Conversation[];
}

export interface Chunk {
  key: string;
  group: string;
  /** The first chunk of a group carries the group's heading. */
  heading: boolean;
  items: Conversation[];
}

/** Rows per chunk: enough that a chunk's fixed costs are small, few enough that a screen holds about one. */
export const CHUNK_ROWS = 40;

export function chunksOf(groups: readonly ConversationGroup[], size = CHUNK_ROWS): Chunk[] {
  const out: Chunk[] = [];
  for (const { group, items } of groups) {
    for (let start = 0; start < items.length; start += size) {
      out.push({ key: `${group}\u0000${start}`, group, heading: start === 0, items: items.slice(start, start + size) });
    }
  }
  return out;
}
