/**
 * The two faults of the fault matrix that live on this computer, not the server: the data folder
 * fills up, and it turns read-only. The data folder is a real size-limited tmpfs mount (these
 * tests run as root, as CI does, where file modes do not stop writes), filled to the last byte or
 * remounted read-only while the core runs. While the fault lasts the account must say why in words
 * and keep what was typed; after it clears, every message the peer sent meanwhile and every one we
 * queued must arrive exactly once, and the cache must pass integrity_check. Figures go to
 * test/artifacts/disk-faults.json for RELIABILITY.md.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountStatus } from '../../common/model';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { Actor } from '../main/consistency/actor';
import { startCore, type TestCore } from '../main/core/harness';
import { confirmed, ownInTopic, signedInCore, type Session } from '../main/outbox/support';
import { ARTIFACTS } from '../e2e/support';

interface Figures {
  fault: string;
  statusShown: string;
  sendRefusedWith: string;
  received: number;
  sent: number;
  lost: number;
  duplicated: number;
  integrity: string;
}
const figures: Figures[] = [];

const MOUNT = mkdtempSync(join(tmpdir(), 'parley-disk-'));
const FILLER = join(MOUNT, 'filler');

let server: RunningDevServer;
let session: Session;
let other: Actor;
beforeAll(async () => {
  // 24 MB: room for the account's cache of the dev server's default seed, and little more.
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24m,mode=0700', 'tmpfs', MOUNT]);
  server = await startDevServer({});
  session = await signedInCore(server, join(MOUNT, 'data'));
  const peer = server.users.find((u) => u.role === 400 && u.email !== session.account.email)!;
  other = await Actor.login(server.baseUrl, peer.email, peer.password);
}, 60_000);
afterAll(async () => {
  await session?.t.core.close();
  await server?.stop();
  execFileSync('umount', ['-l', MOUNT]);
  rmSync(MOUNT, { recursive: true, force: true });
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(join(ARTIFACTS, 'disk-faults.json'), `${JSON.stringify(figures, null, 2)}\n`);
});

/** Writes zeros until the file system refuses: the disk is full to the last block. */
function fillDisk(): void {
  const fd = openSync(FILLER, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
    // The last partial chunk: the remaining bytes, one block at a time.
    const block = Buffer.alloc(512);
    try {
      for (;;) writeSync(fd, block);
    } catch {
      // full
    }
  } finally {
    closeSync(fd);
  }
}

function statusText(t: TestCore, accountId: string): string {
  const s = statusOf(t, accountId);
  return s && 'message' in s ? s.message : '';
}

function integrityOf(accountId: string): string {
  const db = new Database(join(MOUNT, 'data', 'accounts', `${accountId}.sqlite`), { readonly: true });
  try {
    return String(db.pragma('integrity_check', { simple: true }));
  } finally {
    db.close();
  }
}

function statusOf(t: TestCore, accountId: string): AccountStatus | null {
  const last = t.events
    .filter((e) => e.name === 'account:status' && (e.payload as { accountId: string }).accountId === accountId)
    .at(-1);
  return last ? (last.payload as { status: AccountStatus }).status : null;
}

function reached(t: TestCore, id: number): boolean {
  return t.events.some(
    (e) =>
      e.name === 'messages:added' && (e.payload as { messages: { id: number }[] }).messages.some((m) => m.id === id),
  );
}

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Fills the disk, lets the peer write until the account shows the fault (a WAL with room left from
 * an earlier checkpoint absorbs the first few events), sends three messages, frees the space,
 * wakes the account and counts. A send either fits in room SQLite still has (then it must go out
 * once) or is refused in words (then the user sends it again afterwards, as the kept text invites).
 */
async function diskFull(): Promise<Figures & { refused: number }> {
  const { t, account, channelId, me } = session;
  const topic = 'disk: full';
  const incoming: number[] = [];
  const refusals: string[] = [];
  const localIds: string[] = [];
  let shown = '';
  // An empty WAL first, as after the checkpointer's truncation: every write then needs new space.
  const db = new Database(join(MOUNT, 'data', 'accounts', `${account.id}.sqlite`));
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  fillDisk();
  try {
    for (let i = 0; i < 200 && !/disk is full/.test(shown); i++) {
      // Long bodies fill a WAL page or more each, so the WAL must grow soon.
      incoming.push(await other.sendToChannel(channelId, topic, `full: in ${i} ${'x'.repeat(3000)}`));
      await new Promise((r) => setTimeout(r, 40));
      shown = statusText(t, account.id);
    }
    for (const n of [1, 2, 3]) {
      const to = { kind: 'channel' as const, channelId, topic };
      const r = await t.call('compose:send', { accountId: account.id, to, content: `full: out ${n}` });
      if (r.ok) localIds.push(r.value.localId);
      else refusals.push(`${r.error.code}: ${r.error.message}`);
    }
  } finally {
    rmSync(FILLER, { force: true });
  }
  t.core.receive('app:wake', {});
  await until(() => statusOf(t, account.id)?.state === 'live', 60_000, 'the account to be live again');
  const sentContents = [1, 2, 3].map((n) => `full: out ${n}`);
  // What was refused, the user sends again (compose kept the text).
  for (const content of sentContents.slice(3 - refusals.length)) {
    const to = { kind: 'channel' as const, channelId, topic };
    localIds.push((await t.ok('compose:send', { accountId: account.id, to, content })).localId);
  }
  for (const localId of localIds) await confirmed(t, localId, 40_000);
  await until(() => incoming.every((id) => reached(t, id)), 60_000, 'every incoming message').catch(() => undefined);
  const contents = (await ownInTopic(me, channelId, topic)).map((m) => m.content);
  const result = {
    fault: 'disk full while running',
    statusShown: shown,
    sendRefusedWith: refusals[0] ?? '(every send fitted in space SQLite still had)',
    refused: refusals.length,
    received: incoming.length,
    sent: sentContents.length,
    lost: incoming.filter((id) => !reached(t, id)).length + sentContents.filter((c) => !contents.includes(c)).length,
    duplicated: contents.length - new Set(contents).size,
    integrity: integrityOf(account.id),
  };
  figures.push(result);
  return result;
}

describe('the data folder fails under a running core', () => {
  it('disk full while running: says so, refuses sends in words instead of showing them queued, catches up once space is freed', async () => {
    const r = await diskFull();
    expect(r.statusShown).toMatch(/^The disk is full/);
    // Not one of them was shown as queued while it could not be saved.
    expect(r.refused).toBe(3);
    expect(r.sendRefusedWith).toMatch(/^STORAGE: The disk is full/);
    expect(r).toMatchObject({ lost: 0, duplicated: 0, integrity: 'ok' });
  }, 180_000);

  it('read-only data folder at start: refuses to start in words, touches nothing; writable again, nothing lost', async () => {
    const { account, channelId, me, credentials } = session;
    const topic = 'disk: read-only';
    // Sent just before quitting: after the restart it must still be there once, not sent again.
    const to = { kind: 'channel' as const, channelId, topic };
    const { localId } = await session.t.ok('compose:send', { accountId: account.id, to, content: 'read-only: queued' });
    await confirmed(session.t, localId, 20_000);
    // The user quits; the folder turns read-only (a remount, a locked-down profile); others write.
    await session.t.core.close();
    execFileSync('mount', ['-o', 'remount,ro', MOUNT]);
    const incoming = [
      await other.sendToChannel(channelId, topic, 'read-only: in 1'),
      await other.sendToChannel(channelId, topic, 'read-only: in 2'),
    ];
    const refused = await startCore(join(MOUNT, 'data'), credentials).then(
      () => null,
      (e: unknown) => e as Error & { code?: string },
    );
    execFileSync('mount', ['-o', 'remount,rw', MOUNT]);
    expect(refused?.code).toBe('READ_ONLY');
    expect(refused?.message).toMatch(/data folder .* cannot be written \(read-only or no permission\)/);
    const t = await startCore(join(MOUNT, 'data'), credentials);
    session = { ...session, t };
    await t.waitFor('account:status', (p) => p.accountId === account.id && p.status.state === 'live', 30_000);
    const page = await t.ok('messages:page', {
      accountId: account.id,
      narrow: { kind: 'topic', channelId, topic },
      anchor: 'newest',
      before: 50,
      after: 0,
    });
    const ids = new Set(page.messages.map((m) => m.id));
    const contents = (await ownInTopic(me, channelId, topic)).map((m) => m.content);
    const result: Figures = {
      fault: 'read-only data folder at start',
      statusShown: refused?.message ?? '',
      sendRefusedWith: '(Parley does not start, so nothing can be typed)',
      received: incoming.length,
      sent: 1,
      lost: incoming.filter((id) => !ids.has(id)).length + (contents.includes('read-only: queued') ? 0 : 1),
      duplicated: contents.length - new Set(contents).size,
      integrity: integrityOf(account.id),
    };
    figures.push(result);
    expect(result).toMatchObject({ lost: 0, duplicated: 0, integrity: 'ok' });
  }, 180_000);
});
