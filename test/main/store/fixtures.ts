/** Shared helpers of the store tests: real files in a fresh temp folder, and message values. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { StoredMessage } from '../../../main/store/repos/message-rows';

const made: string[] = [];
// After the whole file, not each test: a folder made in beforeAll must outlive the first test.
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A new empty folder, removed when the test file is done. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'parley-store-'));
  made.push(dir);
  return dir;
}

export function channelMessage(
  id: number,
  channelId: number,
  topic: string,
  over: Partial<StoredMessage> = {},
): StoredMessage {
  return {
    id,
    senderId: 10,
    senderFullName: 'Ada',
    senderEmail: 'ada@example.com',
    avatarUrl: null,
    timestamp: 1_700_000_000 + id,
    content: `<p>message ${id}</p>`,
    contentType: 'text/html',
    channelId,
    topic,
    dmKey: null,
    starred: false,
    otherFlags: [],
    lastEditTimestamp: null,
    lastMovedTimestamp: null,
    isMeMessage: false,
    reactions: [],
    ...over,
  };
}

export function dmMessage(id: number, dmKey: string, over: Partial<StoredMessage> = {}): StoredMessage {
  return { ...channelMessage(id, 0, '', over), channelId: null, topic: '', dmKey, ...over };
}
