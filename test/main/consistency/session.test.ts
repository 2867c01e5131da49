/**
 * Issue 4's consistency test: after a scripted session of 500 mixed operations by several users
 * (seeded, so every run is the same), the account's cache equals a fresh look at the server:
 * every cached message as GET /messages has it now, every range the cache claims complete
 * holding exactly the server's messages, and subscriptions, users and unreads as a fresh
 * POST /register reports them.
 */
import Database from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSummary } from '../../../common/model';
import { accountDbPath } from '../../../main/store/account-store';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { startLiveCore, type TestCore } from '../core/harness';
import { tempDir } from '../store/fixtures';
import { Actor } from './actor';
import { compareWithServer } from './compare';
import { Prng } from './prng';
import { Script, type World } from './script';

const SEED = 4242;
const OPERATIONS = 500;

let server: RunningDevServer;
let dataDir: string;
let t: TestCore;
let account: AccountSummary;
let world: World;

beforeAll(async () => {
  server = await startDevServer();
  const member = server.byRole(400);
  const adminUser = server.byRole(200);
  const me = await Actor.login(server.baseUrl, member.email, member.password);
  const admin = await Actor.login(server.baseUrl, adminUser.email, adminUser.password);
  const more = server.users.filter((u) => u.role <= 400 && u.userId !== member.userId && u.userId !== adminUser.userId);
  const others = [
    admin,
    ...(await Promise.all(more.slice(0, 2).map((u) => Actor.login(server.baseUrl, u.email, u.password)))),
  ];

  // Four public channels everyone is in; the account will leave and rejoin the last one.
  const streams = (
    (await admin.call('GET', '/streams'))['streams'] as { stream_id: number; name: string; invite_only: boolean }[]
  )
    .filter((s) => !s.invite_only)
    .slice(0, 4)
    .map((s) => ({ id: s.stream_id, name: s.name }));
  expect(streams).toHaveLength(4);
  for (const actor of [me, ...others]) {
    await actor.call('POST', '/users/me/subscriptions', { subscriptions: streams.map((s) => ({ name: s.name })) });
  }

  dataDir = tempDir();
  ({ t, account } = await startLiveCore(dataDir, server.baseUrl, member));
  world = { t, accountId: account.id, me, others, admin, stable: streams.slice(0, 3), volatile: streams[3]! };

  // What a user would have looked at: each channel, and the DMs with each of the others.
  for (const s of streams) {
    await t.ok('messages:page', {
      accountId: account.id,
      narrow: { kind: 'channel', channelId: s.id },
      anchor: 'newest',
      before: 50,
      after: 0,
    });
  }
  for (const o of others) {
    await t.ok('messages:page', {
      accountId: account.id,
      narrow: { kind: 'dm', userIds: [o.userId] },
      anchor: 'newest',
      before: 50,
      after: 0,
    });
  }
}, 60_000);

afterAll(async () => {
  await t?.core.close();
  await server?.stop();
});

describe('consistency', () => {
  it(`after ${OPERATIONS} mixed operations the cache equals a fresh snapshot of the server`, async () => {
    const script = new Script(world, new Prng(SEED));
    await script.run(OPERATIONS);
    // Every kind of operation took part.
    for (const kind of [
      'send',
      'dm',
      'compose',
      'edit',
      'moveTopic',
      'moveChannel',
      'delete',
      'react',
      'unreact',
      'flag',
      'markTopicRead',
      'subscription',
      'property',
      'page',
    ] as const) {
      expect(script.counts[kind] ?? 0, kind).toBeGreaterThan(0);
    }

    // The queue is ordered: once this last message is in the cache, every earlier event is applied.
    const sentinel = await world.others[1]!.sendDm([world.me.userId], 'that is all');
    await t.waitFor(
      'messages:added',
      (p) => p.accountId === account.id && p.messages.some((m) => m.id === sentinel),
      30_000,
    );

    const file = accountDbPath(dataDir, account.id);
    const { differences, checked } = await compareWithServer(file, world.me);
    expect(differences.slice(0, 20)).toEqual([]);
    expect(checked.messages).toBeGreaterThan(300);
    expect(checked.ranges).toBeGreaterThan(5);
    expect(checked.unreads).toBeGreaterThan(0);
    expect(checked.subscriptions).toBeGreaterThan(3);

    // The comparison itself can fail: a copy of the cache with one message changed, one
    // dropped from a complete range and one unread forgotten is caught on every count.
    await t.core.close();
    const copy = join(tempDir(), 'tampered.sqlite');
    copyFileSync(file, copy);
    const db = new Database(copy);
    const [a, b] = db
      .prepare('SELECT id FROM messages WHERE channel_id IS NOT NULL ORDER BY id DESC LIMIT 2')
      .pluck()
      .all() as number[];
    db.prepare("UPDATE messages SET content = '<p>tampered</p>' WHERE id = ?").run(a);
    db.prepare('DELETE FROM messages WHERE id = ?').run(b);
    db.prepare('DELETE FROM unreads WHERE message_id = (SELECT max(message_id) FROM unreads)').run();
    db.close();
    const tampered = (await compareWithServer(copy, world.me)).differences;
    expect(tampered.some((d) => d.startsWith(`message ${a}: content`))).toBe(true);
    expect(tampered.some((d) => d.startsWith('range ') && new RegExp(`misses \\[[^\\]]*\\b${b}\\b`).test(d))).toBe(
      true,
    );
    expect(tampered.some((d) => d.startsWith('unreads differ'))).toBe(true);
  }, 240_000);
});
