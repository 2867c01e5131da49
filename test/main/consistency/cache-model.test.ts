/**
 * Issue 23's model test: random scripts of server-side edits, deletes, moves, reactions, flag
 * changes and queue losses, interleaved with page requests (some held back while later steps
 * run), against the real pager, store, appliers, snapshot and revalidator and the dev server.
 * Afterwards, once the server is reachable and the views are revalidated, the cache's view of
 * every narrow equals the server's: inside every range the cache claims complete, the same
 * messages with the same content, place, reactions, read and starred state; and the unread
 * messages of each channel are the server's.
 *
 * PARLEY_CACHE_MODEL_RUNS sets the number of scripts (default 20, for CI);
 * PARLEY_CACHE_MODEL_SEED the seed; PARLEY_CACHE_MODEL_PATH=<n> replays run n+1 alone (fast-check's
 * path; PARLEY_CACHE_MODEL_RUNS then counts the runs from there). The figure of the last run goes to test/artifacts/cache-model.json.
 */
import fc from 'fast-check';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterOfKey, type NarrowFilter } from '../../../main/store/narrows';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { Actor } from './actor';
import { CacheRig } from './cache-rig';
import { ScriptRun, stepArb } from './cache-model-script';

/** Replays one case: the `path` fast-check printed with its seed (the run's number minus one). */
const PATH = process.env['PARLEY_CACHE_MODEL_PATH'];
// With a path, fast-check skips to that case and runs this many from there: one, unless asked.
const RUNS = Number(process.env['PARLEY_CACHE_MODEL_RUNS'] ?? (PATH ? 1 : 20));
const SEED = Number(process.env['PARLEY_CACHE_MODEL_SEED'] ?? 23);

let server: RunningDevServer;
let me: Actor;
let runNo = 0;

beforeAll(async () => {
  server = await startDevServer({ seed: 'empty' });
  const owner = server.users.find((u) => u.role === 100)!;
  me = await Actor.login(server.baseUrl, owner.email, owner.password);
});
afterAll(() => server?.stop());

function apiNarrow(f: NarrowFilter): { operator: string; operand: unknown }[] {
  // The Combined feed (every message keyed into it) is compared with the server's whole history.
  if (f.kind === 'all') return [];
  if (f.kind === 'dm') throw new Error('the model uses channel narrows and the Combined feed only');
  const channel = { operator: 'channel', operand: f.channelId };
  return f.kind === 'channel' ? [channel] : [channel, { operator: 'topic', operand: f.topic }];
}

/** Every difference between what the cache vouches for and what the server holds now. */
async function differences(rig: CacheRig, channels: readonly number[]): Promise<{ diffs: string[]; checked: number }> {
  const diffs: string[] = [];
  let checked = 0;
  const ranges = rig.store.db.prepare('SELECT narrow_key AS key, lo, hi FROM message_ranges').all() as {
    key: string;
    lo: number;
    hi: number;
  }[];
  // Parley's Combined feed holds the subscribed channels and DMs (as its cache reads do); the
  // server's whole history also has channels the user has left since (earlier runs' channels).
  const subscribed = new Set(
    ((await me.call('GET', '/users/me/subscriptions'))['subscriptions'] as { stream_id: number }[]).map(
      (s) => s.stream_id,
    ),
  );
  const inFeed = (m: Record<string, unknown>) => m['type'] === 'private' || subscribed.has(Number(m['stream_id']));
  for (const { key, lo, hi } of ranges) {
    const filter = filterOfKey(key)!;
    const cached = rig.store.messages.readAfter(filter, lo - 1, hi, 100_000);
    const served = (await me.messages(apiNarrow(filter), { count: 5000 })).filter(
      (m) => Number(m['id']) >= lo && Number(m['id']) <= hi && (filter.kind !== 'all' || inFeed(m)),
    );
    const want = served.map((m) =>
      JSON.stringify({
        id: m['id'],
        content: m['content'],
        channel: m['stream_id'],
        topic: m['subject'],
        read: (m['flags'] as string[]).includes('read'),
        starred: (m['flags'] as string[]).includes('starred'),
        reactions: (m['reactions'] as { emoji_name: string; user_id: number }[])
          .map((r) => `${r.emoji_name}:${r.user_id}`)
          .sort(),
      }),
    );
    const have = cached.map((m) =>
      JSON.stringify({
        id: m.id,
        content: m.content,
        channel: m.channelId,
        topic: m.topic,
        read: m.read,
        starred: m.starred,
        reactions: m.reactions.map((r) => `${r.emojiName}:${r.userId}`).sort(),
      }),
    );
    checked += want.length;
    if (JSON.stringify(want) !== JSON.stringify(have)) {
      diffs.push(`${key} [${lo}, ${hi}]: server ${want.join(' ')} / cache ${have.join(' ')}`);
    }
  }
  for (const channelId of channels) {
    const unread = (
      await me.messages(
        [
          { operator: 'channel', operand: channelId },
          { operator: 'is', operand: 'unread' },
        ],
        { count: 5000 },
      )
    )
      .map((m) => Number(m['id']))
      .sort((a, b) => a - b);
    const cachedUnread = rig.store.unreads
      .inScope({ kind: 'channel', channelId })
      .map((e) => e.messageId)
      .sort((a, b) => a - b);
    if (JSON.stringify(unread) !== JSON.stringify(cachedUnread)) {
      diffs.push(`unreads of channel ${channelId}: server ${unread.join(',')} / cache ${cachedUnread.join(',')}`);
    }
  }
  return { diffs, checked };
}

async function newChannels(): Promise<[number, number]> {
  const names = [`model ${runNo} a`, `model ${runNo} b`];
  await me.call('POST', '/users/me/subscriptions', { subscriptions: names.map((name) => ({ name })) });
  const subs = (await me.call('GET', '/users/me/subscriptions'))['subscriptions'] as {
    stream_id: number;
    name: string;
  }[];
  return [subs.find((s) => s.name === names[0])!.stream_id, subs.find((s) => s.name === names[1])!.stream_id];
}

describe('cache model', () => {
  it(
    `after ${RUNS} random scripts the cache's view of every narrow equals the server's`,
    async () => {
      const totals = { runs: 0, steps: 0, messagesChecked: 0, differences: 0, counts: {} as Record<string, number> };
      await fc.assert(
        fc.asyncProperty(fc.array(stepArb, { minLength: 10, maxLength: 40 }), async (steps) => {
          runNo++;
          const channels = await newChannels();
          const rig = new CacheRig(server.baseUrl, { email: me.email, apiKey: me.apiKey, userId: me.userId });
          try {
            await rig.reconnect();
            const script = new ScriptRun(me, rig, channels);
            // A few messages to start from, in both channels.
            for (const [channel, topic] of [
              [0, 0],
              [0, 1],
              [1, 0],
              [0, 0],
            ] as const) {
              await script.run([{ kind: 'send', channel, topic }]);
            }
            await script.run(steps);
            // Reachable again, and the views revalidated.
            if (!rig.live) await rig.reconnect();
            await rig.drain();
            await rig.revalidator.idle();
            await rig.drain();
            const { diffs, checked } = await differences(rig, channels);
            totals.runs++;
            totals.steps += steps.length;
            totals.messagesChecked += checked;
            totals.differences += diffs.length;
            for (const [k, n] of Object.entries(script.counts)) totals.counts[k] = (totals.counts[k] ?? 0) + n;
            expect(rig.store.unverified.count()).toBe(0);
            expect(diffs).toEqual([]);
          } finally {
            rig.close();
            // The next run's register stays small: this run's channels are left.
            await me.call('DELETE', '/users/me/subscriptions', {
              subscriptions: [`model ${runNo} a`, `model ${runNo} b`],
            });
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true, timeout: 60_000, ...(PATH ? { path: PATH } : {}) },
      );
      mkdirSync(join('test', 'artifacts'), { recursive: true });
      const name = PATH ? `cache-model-${SEED}-from-${PATH}.json` : 'cache-model.json';
      writeFileSync(
        join('test', 'artifacts', name),
        JSON.stringify({ seed: SEED, from: PATH ?? '0', ...totals }, null, 2),
      );
      expect(totals.runs).toBe(RUNS);
      // The scripts covered every kind of step (not asked of one replayed case).
      if (!PATH) {
        expect(totals.messagesChecked).toBeGreaterThan(RUNS);
        for (const kind of [
          'send',
          'edit',
          'delete',
          'move',
          'react',
          'flag',
          'lose',
          'reconnect',
          'page',
          'heldPage',
        ]) {
          expect(totals.counts[kind] ?? 0, kind).toBeGreaterThan(0);
        }
      }
    },
    60_000 + RUNS * 10_000,
  );
});
