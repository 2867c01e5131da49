/**
 * drafts:forNarrow: which saved draft compose should continue when a narrow opens. The drafts
 * list is newest first, so the first match is the one the user touched last.
 */
import type { DraftTarget, DraftView, Narrow, Page } from '../../common/model';

/** How drafts are read: DraftsSync.list (it writes what is still in memory first). */
export type DraftPager = (cursor: string | undefined, limit: number) => Page<DraftView>;

const PAGE = 200;

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const x = [...a].sort((p, q) => p - q);
  const y = [...b].sort((p, q) => p - q);
  return x.length === y.length && x.every((id, i) => id === y[i]);
}

/**
 * Would compose in `narrow` continue a draft addressed to `to`? Topics compare as the server
 * treats them (case-insensitively). A channel narrow lets the user pick the topic, so any topic
 * of that channel counts there.
 */
export function draftFitsNarrow(to: DraftTarget | null, narrow: Narrow): boolean {
  if (to === null) return false;
  switch (narrow.kind) {
    case 'channel':
      return to.kind === 'channel' && to.channelId === narrow.channelId;
    case 'topic':
      return (
        to.kind === 'channel' &&
        to.channelId === narrow.channelId &&
        to.topic.toLowerCase() === narrow.topic.toLowerCase()
      );
    case 'dm':
      return to.kind === 'dm' && sameIds(to.userIds, narrow.userIds);
    case 'all':
      // The Combined feed has no one conversation to write to.
      return false;
  }
}

/** The newest draft that fits the narrow, or null. Drafts with no text left are not worth restoring. */
export function findDraftForNarrow(list: DraftPager, narrow: Narrow): DraftView | null {
  let cursor: string | undefined;
  for (;;) {
    const page = list(cursor, PAGE);
    const found = page.items.find((d) => d.content.trim() !== '' && draftFitsNarrow(d.to, narrow));
    if (found) return found;
    if (page.next === null) return null;
    cursor = page.next;
  }
}
