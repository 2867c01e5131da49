/**
 * `npm run demo`'s terminal (#27 item 10): the demo script runs as a child process, serving to a
 * browser (no Electron here), with its own demo folder and keychain service. Its output is read
 * as the person who started it would: quiet, ending with the address and the sign-in; when its
 * dev server is killed, one line says so and the server is back at the same address; when the
 * server keeps dying, one line says the demo ends and it exits. Never a stack trace or a JSON log.
 * Needs the renderer built (npm run build:renderer) and a keychain (dbus-run-session).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openCredentialStore } from '../../main/credentials';
import { createLogger } from '../../main/log';

const ROOT = join(import.meta.dirname, '..', '..');
const SERVICE = 'Parley demo-terminal test';
const WAIT_MS = 120_000;
let work: string;
let demo: ChildProcess;
let output = '';
let exit: Promise<number | null>;

/** Descendants of a process, read from /proc (only the demo's own tree is ever looked at or signalled). */
function descendants(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of /proc/PID/stat, after the command name in parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while the list was read.
    }
  }
  const found: number[] = [];
  const walk = (pid: number): void => {
    for (const [child, parent] of parentOf) {
      if (parent !== pid) continue;
      found.push(child);
      walk(child);
    }
  };
  walk(root);
  return found;
}

function devServerPid(): number {
  const found = descendants(demo.pid!).find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('devserver/cli.ts');
    } catch {
      return false;
    }
  });
  if (found === undefined) throw new Error('the demo has no dev server process');
  return found;
}

async function until(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + WAIT_MS;
  while (!check()) {
    if (Date.now() > end) throw new Error(`waited for ${what}; the demo said:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Whether the dev server at the demo's address answers now. */
async function answers(): Promise<boolean> {
  try {
    return (await fetch(`${serverUrl()}/api/v1/server_settings`)).ok;
  } catch {
    return false;
  }
}

async function untilAnswers(): Promise<void> {
  const end = Date.now() + WAIT_MS;
  while (!(await answers())) {
    if (demo.exitCode !== null || Date.now() > end) throw new Error(`the dev server did not come back:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const lines = (): string[] => output.split('\n').filter((line) => line.trim() !== '');
const serverUrl = (): string => /Organization: .* at (http\S+)/.exec(output)![1]!;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'parley-demo-terminal-'));
  const args = ['--import', 'tsx', 'scripts/demo.ts', '--browser', '--data', work, '--server-port', '0'];
  demo = spawn(process.execPath, [...args, '--host-port', '0', '--keychain-service', SERVICE], {
    cwd: ROOT,
    env: { ...process.env, PARLEY_LOG_LEVEL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  demo.stdout!.setEncoding('utf8').on('data', (text: string) => (output += text));
  demo.stderr!.setEncoding('utf8').on('data', (text: string) => (output += text));
  exit = new Promise((resolve) => demo.once('exit', (code) => resolve(code)));
  await until(() => output.includes('Ctrl-C stops the demo.'), 'the ready lines');
}, WAIT_MS + 10_000);

afterAll(async () => {
  if (demo.exitCode === null) demo.kill('SIGINT');
  await exit;
  const log = createLogger({ name: 'test', level: 'error' });
  const { store } = await openCredentialStore(log, { service: SERVICE });
  const url = /Organization: .* at (http\S+)/.exec(output)?.[1];
  if (url) await store.delete({ realmUrl: url, email: 'olivia@parley.example' }).catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
});

it('is quiet and ends with the address and the sign-in', () => {
  const all = lines();
  expect(all.at(-4)).toMatch(/^Parley is ready: http:\/\/127\.0\.0\.1:\d+\//);
  expect(all.at(-3)).toMatch(/^ {2}Organization: Parley Demo at http:\/\/127\.0\.0\.1:\d+$/);
  expect(all.at(-2)).toBe('  Sign in as:   olivia@parley.example, password parley (this app is signed in already)');
  expect(all.at(-1)).toBe('Ctrl-C stops the demo.');
  expect(all.length).toBeLessThanOrEqual(6);
});

it('says in one line when the dev server stops, and brings it back at the same address', async () => {
  const before = lines().length;
  process.kill(devServerPid(), 'SIGKILL');
  await until(() => output.includes('The dev server stopped'), 'the stop line');
  const said = lines().slice(before);
  expect(said).toEqual([`The dev server stopped (it was stopped by SIGKILL); starting it again at ${serverUrl()}.`]);
  await untilAnswers();
  expect(demo.exitCode).toBeNull();
});

it('ends with one line, and no stack trace, when the server keeps stopping', async () => {
  // Three restarts a minute are allowed (the test before used one); the next stop ends the demo.
  const stops = () => output.split('The dev server stopped').length - 1;
  for (let i = 0; i < 5 && !output.includes('the demo ends here'); i++) {
    const before = stops();
    process.kill(devServerPid(), 'SIGKILL');
    await until(() => stops() > before, 'the stop line');
    if (!output.includes('the demo ends here')) await untilAnswers();
  }
  expect(await exit).toBe(1);
  expect(lines().at(-1)).toMatch(/^The dev server stopped again \(it was stopped by SIGKILL\); it keeps stopping/);
  expect(output).not.toMatch(/^\s+at /m);
  expect(output).not.toMatch(/^\s*\{/m);
});
