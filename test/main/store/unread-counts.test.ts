/**
 * The per-conversation unread counts of migration 8, and the totals of migration 10, stay equal to grouping the unreads table
 * itself, through a long random run of what the app does to unreads: new messages, upserts,
 * marking read one by one and in bulk, moves between topics (a rename changes only the case),
 * mention changes, a fresh snapshot, thousands at once (counted again as a whole, migration 15)
 * and a rolled-back transaction.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStore } from '../../../main/store/account-store';
import { BULK_UNREAD_ROWS, type UnreadEntry } from '../../../main/store/repos/unreads';
import { tempDir } from './fixtures';

let store: AccountStore;
beforeAll(() => {
  store = AccountStore.open(join(tempDir(), 'unread-counts.sqlite'));
});
afterAll(() => store.close());

/** The counts as grouping every unread gives them (what the triggers must match). */
function truth() {
  const db = store.db;
  const topics = db
    .prepare(
      `SELECT channel_id AS channelId, topic_key AS k, count(*) AS count, max(message_id) AS maxId,
         (SELECT topic FROM unreads u2 WHERE u2.channel_id = u.channel_id AND u2.topic_key = u.topic_key
          ORDER BY message_id DESC LIMIT 1) AS topic
       FROM unreads u WHERE channel_id IS NOT NULL GROUP BY channel_id, topic_key ORDER BY channel_id, k`,
    )
    .all() as { channelId: number; k: string; count: number; maxId: number; topic: string }[];
  const dms = db
    .prepare(
      `SELECT dm_key AS dmKey, count(*) AS count, max(message_id) AS maxId FROM unreads
       WHERE dm_key IS NOT NULL GROUP BY dm_key ORDER BY dm_key`,
    )
    .all();
  return {
    topics: topics.map(({ k: _k, ...t }) => t),
    dms,
    total: db.prepare('SELECT count(*) FROM unreads').pluck().get() as number,
    mentions: db.prepare('SELECT count(*) FROM unreads WHERE mentioned = 1').pluck().get() as number,
  };
}

function kept() {
  const order = <T extends { channelId: number; topic: string }>(rows: T[]) =>
    [...rows].sort((a, b) => a.channelId - b.channelId || a.topic.toLowerCase().localeCompare(b.topic.toLowerCase()));
  return {
    topics: order(store.unreads.countsByTopic()),
    dms: [...store.unreads.countsByDm()].sort((a, b) => a.dmKey.localeCompare(b.dmKey)),
    total: store.unreads.total(),
    mentions: store.unreads.mentionCount(),
  };
}

describe('unread counts kept by triggers', () => {
  it('equal grouping the unreads after every step of a random run', () => {
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const topics = ['Lunch', 'lunch', 'LUNCH', 'deploys', 'plans'];
    const dms = ['1,2', '1,3', '1,2,3'];
    let next = 1;
    let dmsBefore = JSON.stringify(kept().dms);
    let versionBefore = store.unreads.totals().dmVersion;
    const entry = (id: number): UnreadEntry =>
      random() < 0.7
        ? {
            messageId: id,
            channelId: 1 + Math.floor(random() * 3),
            topic: pick(topics),
            dmKey: null,
            mentioned: random() < 0.2,
          }
        : { messageId: id, channelId: null, topic: null, dmKey: pick(dms), mentioned: random() < 0.2 };
    for (let step = 0; step < 400; step++) {
      const roll = random();
      const all = store.db.prepare('SELECT message_id AS messageId, channel_id AS channelId FROM unreads').all() as {
        messageId: number;
        channelId: number | null;
      }[];
      const ids = all.map((e) => e.messageId);
      // Only channel messages move between topics (a DM never becomes one).
      const inChannels = all.filter((e) => e.channelId !== null).map((e) => e.messageId);
      if (roll < 0.4) store.unreads.add(Array.from({ length: 1 + Math.floor(random() * 5) }, () => entry(next++)));
      else if (roll < 0.5 && ids.length > 0) store.unreads.add([entry(pick(ids))]);
      else if (roll < 0.7 && ids.length > 0) store.unreads.remove([pick(ids), pick(ids)]);
      else if (roll < 0.75 && ids.length > 0) store.unreads.remove(ids.filter(() => random() < 0.5));
      else if (roll < 0.85 && inChannels.length > 0)
        store.unreads.moveTo([pick(inChannels)], 1 + Math.floor(random() * 3), pick(topics));
      else if (roll < 0.9 && ids.length > 0) store.unreads.setMentioned(pick(ids), random() < 0.5);
      else if (roll < 0.92) store.unreads.replaceAll(Array.from({ length: 20 }, () => entry(next++)));
      else if (roll < 0.93) {
        // Thousands at once: the triggers paused and everything counted again (writeInBulk),
        // keeping some of what was unread, rewriting some, moving one and changing a mention.
        const keep = ids.filter(() => random() < 0.5).map((id) => entry(id));
        store.unreads.replaceAll([...keep, ...Array.from({ length: BULK_UNREAD_ROWS }, () => entry(next++))]);
        if (inChannels.length > 0) store.unreads.moveTo([pick(inChannels)], 2, pick(topics));
      } else if (roll < 0.94) {
        // A bulk write that fails half way: the counts, and the triggers' switch, roll back with it.
        try {
          store.unreads.writeInBulk(() => {
            store.unreads.add(Array.from({ length: 30 }, () => entry(next++)));
            throw new Error('abandoned');
          });
        } catch {
          // expected
        }
        expect(store.db.prepare('SELECT paused FROM unread_count_pause').pluck().get()).toBe(0);
      } else if (roll < 0.96) {
        // A write that fails half way: the counts must roll back with it.
        try {
          store.db.transaction(() => {
            store.unreads.add([entry(next++)]);
            throw new Error('abandoned');
          })();
        } catch {
          // expected
        }
      } else if (ids.length > 0) store.unreads.removeAll();
      const expected = truth();
      const actual = kept();
      expect(actual.total).toBe(expected.total);
      expect(actual.mentions).toBe(expected.mentions);
      expect(actual.dms).toEqual(expected.dms);
      // Whatever changed a DM's count moved the version (migration 10), which summaries rely on.
      const dmsNow = JSON.stringify(actual.dms);
      const versionNow = store.unreads.totals().dmVersion;
      if (dmsNow !== dmsBefore) expect(versionNow).not.toBe(versionBefore);
      dmsBefore = dmsNow;
      versionBefore = versionNow;
      expect(actual.topics.map(({ channelId, topic, count, maxId }) => ({ channelId, topic, count, maxId }))).toEqual(
        [...expected.topics].sort(
          (a, b) => a.channelId - b.channelId || a.topic.toLowerCase().localeCompare(b.topic.toLowerCase()),
        ),
      );
    }
  });
});
