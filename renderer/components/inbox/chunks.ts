/**
 * The Inbox's groups cut into chunks of a few dozen rows, the unit the virtualized list mounts:
 * 4,234 unread conversations at the size of the biggest Zulip communities become ~90 chunks of
 * which two or three are in the DOM. A chunk keeps the list semantics (its own heading, when it
 * starts a group, and a list named after the group), so each mounted row is still a list item of
 * its group for assistive technology and the tests. A collapsed group is its heading alone.
 */
import type { Conversation } from '../../lib/conversations';

export interface ConversationGroup {
  group: string;
  items: Conversation[];
}

/** What a group's heading shows (the Inbox's channel and DM headers); absent on Recent's one group. */
export interface GroupHead {
  /** Stable across renames: `channel:<id>` or `dms` (what the collapsed state is kept under). */
  key: string;
  /** The channel's colour; null for direct messages. */
  color: string | null;
  /** Unread messages in the whole group, collapsed or not. */
  unread: number;
  collapsed: boolean;
}

export interface Chunk {
  key: string;
  group: string;
  /** The first chunk of a group carries the group's heading. */
  heading: boolean;
  head?: GroupHead | undefined;
  items: Conversation[];
}

/** Rows per chunk: enough that a chunk's fixed costs are small, few enough that a screen holds about one. */
export const CHUNK_ROWS = 40;
/**
 * About a full chunk's height in pixels (rows are ~34 px), for virtua's first layout before it has
 * measured one: without it virtua takes a chunk for its 40 px default and mounts the ~25 chunks
 * that would fill the window, 1,000 rows at 30k people, for one frame (a cold start's longest task).
 */
export const CHUNK_HEIGHT_HINT = CHUNK_ROWS * 34;

export function chunksOf(
  groups: readonly (ConversationGroup & { head?: GroupHead | undefined })[],
  size = CHUNK_ROWS,
): Chunk[] {
  const out: Chunk[] = [];
  for (const { group, items, head } of groups) {
    if (head?.collapsed) {
      // The same key as the open group's first chunk: the header stays mounted, keeping the focus.
      out.push({ key: `${group}\u00000`, group, heading: true, head, items: [] });
      continue;
    }
    for (let start = 0; start < items.length; start += size) {
      const first = start === 0;
      out.push({
        key: `${group}\u0000${start}`,
        group,
        heading: first,
        head: first ? head : undefined,
        items: items.slice(start, start + size),
      });
    }
  }
  return out;
}

const sameHead = (a: GroupHead | undefined, b: GroupHead | undefined): boolean =>
  a === b ||
  (a !== undefined &&
    b !== undefined &&
    a.key === b.key &&
    a.color === b.color &&
    a.unread === b.unread &&
    a.collapsed === b.collapsed);

const sameItems = (a: readonly Conversation[], b: readonly Conversation[]): boolean =>
  a.length === b.length && a.every((c, i) => c === b[i]);

/**
 * `next` with each chunk that shows what its namesake in `previous` showed replaced by that one:
 * a new message changes one or two chunks, and the mounted chunks that kept their object are not
 * rendered again. The rows must be kept objects for this to find anything (conversationsOf with a
 * stamp).
 */
export function steadyChunks(next: Chunk[], previous: readonly Chunk[]): Chunk[] {
  if (previous.length === 0) return next;
  const byKey = new Map(previous.map((c) => [c.key, c]));
  return next.map((chunk) => {
    const before = byKey.get(chunk.key);
    return before &&
      before.group === chunk.group &&
      before.heading === chunk.heading &&
      sameHead(before.head, chunk.head) &&
      sameItems(before.items, chunk.items)
      ? before
      : chunk;
  });
}
