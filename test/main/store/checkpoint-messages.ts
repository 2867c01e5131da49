/** Messages for the checkpoint tests: enough text per row that the WAL grows as a real cache's does. */
// Not fixtures.ts: that registers vitest hooks, and checkpoint-crash-child.ts runs outside vitest.
import type { CachedMessage } from '../../../main/store/repos/message-rows';

const WORDS = ['wal', 'frame', 'checkpoint', 'reader', 'writer', 'snapshot', 'page', 'commit', 'sync', 'topic'];

function sentence(id: number): string {
  const words: string[] = [];
  for (let i = 0; i < 40; i++) words.push(WORDS[(id * 7 + i * 3) % WORDS.length] ?? 'word');
  return words.join(' ');
}

/** Messages first..first+count-1, spread over 20 channels and 50 topics, every third one unread. */
export function checkpointBatch(first: number, count: number): CachedMessage[] {
  const batch: CachedMessage[] = [];
  for (let id = first; id < first + count; id++) {
    batch.push({
      id,
      senderId: 10 + (id % 7),
      senderFullName: 'Ada',
      senderEmail: 'ada@example.com',
      avatarUrl: null,
      timestamp: 1_700_000_000 + id,
      content: `<p>${id} ${sentence(id)}</p>`,
      contentType: 'text/html',
      channelId: 1 + (id % 20),
      topic: `topic ${id % 50}`,
      dmKey: null,
      starred: false,
      otherFlags: [],
      lastEditTimestamp: null,
      lastMovedTimestamp: null,
      isMeMessage: false,
      reactions: [],
      read: id % 3 !== 0,
    });
  }
  return batch;
}
