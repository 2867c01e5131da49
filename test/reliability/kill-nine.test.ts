/**
 * kill -9 of the core while it ingests events and while it sends: the core runs in its own
 * process (core-child.ts) and is killed with SIGKILL at a random moment, PARLEY_KILL_ROUNDS times
 * (default 50). After every kill the account's SQLite file passes `PRAGMA integrity_check`; at
 * the end a last run drains the outbox, and every message that compose:send had accepted is on
 * the server exactly once (one that was being accepted at the moment of the kill at most once).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { forgetKeychainService } from '../helpers/keychain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIdFor } from '../../main/accounts/sign-in';
import { accountDbPath } from '../../main/store/account-store';
import { appDbPath } from '../../main/store/app-store';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { Actor } from '../main/consistency/actor';
import { tempDir } from '../main/store/fixtures';
import { ARTIFACTS } from '../e2e/support';

const ROUNDS = Number(process.env['PARLEY_KILL_ROUNDS'] ?? 50);
const CHILD = join(import.meta.dirname, 'core-child.ts');
const KEYCHAIN = `Parley kill test ${process.pid}`;

let server: RunningDevServer;
beforeAll(async () => {
  server = await startDevServer();
});
afterAll(async () => {
  await server?.stop();
  await forgetKeychainService(KEYCHAIN);
});

/** Starts the child; resolves with its output lines once it is killed (after `killAfterMs` from "ready") or exits. */
function runChild(args: string[], killAfterMs: number | null): Promise<{ lines: string[]; killed: boolean }> {
  return new Promise((resolve, reject) => {
    // `node --import tsx`, not the tsx CLI: the CLI runs the script in a second process, which a
    // SIGKILL of the first would leave running.
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PARLEY_KILL_KEYCHAIN: KEYCHAIN },
    });
    const lines: string[] = [];
    let errors = '';
    let buffer = '';
    let killed = false;
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      buffer += text;
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (line === 'ready' && killAfterMs !== null) {
          setTimeout(() => {
            killed = true;
            child.kill('SIGKILL');
          }, killAfterMs);
        }
      }
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => (errors += text));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (buffer) lines.push(buffer);
      if (!killed && code !== 0) reject(new Error(`child exited ${code}: ${errors}`));
      else resolve({ lines, killed });
    });
  });
}

function integrity(file: string): string {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.pragma('integrity_check', { simple: true }) as string;
  } finally {
    db.close();
  }
}

describe('kill -9', () => {
  it(`${ROUNDS} kills during sends and ingest: the cache stays intact, every queued message is sent exactly once`, async () => {
    const dataDir = tempDir();
    const me = server.users.filter((u) => u.role === 400)[0]!;
    const peer = server.users.filter((u) => u.role === 400)[1]!;
    const other = await Actor.login(server.baseUrl, peer.email, peer.password);
    const accepted = new Set<string>();
    const checks: string[] = [];
    let flooding = true;
    // Ingest: the peer keeps writing into the user's channels, so events arrive during every kill.
    const owner = await Actor.login(server.baseUrl, me.email, me.password);
    const channelId = Number(
      ((await owner.call('GET', '/users/me/subscriptions'))['subscriptions'] as { stream_id: number }[])[0]!.stream_id,
    );
    const flood = (async () => {
      for (let n = 0; flooding; n++) {
        await other.sendToChannel(channelId, 'ingest', `ingest ${n}`).catch(() => undefined);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const dbFile = accountDbPath(dataDir, accountIdFor(server.baseUrl, me.email));
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const mode = round % 3 === 2 ? 'ingest' : 'send';
        const { lines } = await runChild(
          [dataDir, server.baseUrl, me.email, me.password, mode, String(round), String(channelId)],
          50 + Math.floor(Math.random() * 400),
        );
        for (const line of lines) if (line.startsWith('queued ')) accepted.add(line.slice('queued '.length));
        checks.push(integrity(dbFile), integrity(appDbPath(dataDir)));
      }
    } finally {
      flooding = false;
      await flood;
    }
    const { lines } = await runChild(
      [dataDir, server.baseUrl, me.email, me.password, 'drain', 'end', String(channelId)],
      null,
    );
    expect(lines).toContain('drained');
    expect(checks.every((c) => c === 'ok')).toBe(true);

    const onServer = (
      await owner.messages(
        [
          { operator: 'channel', operand: channelId },
          { operator: 'topic', operand: 'kill -9' },
        ],
        { markdown: false, count: 5000 },
      )
    ).map((m) => String(m['content']));
    const counts = new Map<string, number>();
    for (const c of onServer) counts.set(c, (counts.get(c) ?? 0) + 1);
    const lost = [...accepted].filter((c) => counts.get(c) !== 1);
    const duplicated = [...counts].filter(([, n]) => n > 1).map(([c]) => c);
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(
      join(ARTIFACTS, 'kill-nine.json'),
      `${JSON.stringify({ kills: ROUNDS, integrityChecks: checks.length, integrityOk: checks.filter((c) => c === 'ok').length, accepted: accepted.size, onServer: onServer.length, lost: lost.length, duplicated: duplicated.length }, null, 2)}\n`,
    );
    expect(accepted.size).toBeGreaterThan(ROUNDS / 2);
    expect(lost).toEqual([]);
    expect(duplicated).toEqual([]);
  }, 600_000);
});
