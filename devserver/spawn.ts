/**
 * Runs the dev server (./cli.ts) as a child process on a loopback port and reads its JSON start
 * line. Used by the tests (through test/helpers/devserver.ts) and by `npm run demo`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { SeedName } from './options';

export interface DevServerUser {
  email: string;
  password: string;
  fullName: string;
  userId: number;
  role: number;
}

export interface RunningDevServer {
  baseUrl: string;
  realmName: string;
  users: DevServerUser[];
  /** The first listed user with this role (100 owner, 200 admin, 300 moderator, 400 member, 600 guest). */
  byRole(role: number): DevServerUser;
  /** The whole parsed start line, for fields only some tests need (realm_uuid, bouncer_public_key, ...). */
  startLine: Record<string, unknown>;
  /** The child's process ID (a test stops it from outside to see what its parent does). */
  pid: number | undefined;
  /** Settles when the server's process ends, however it ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

export interface StartOptions {
  seed?: SeedName;
  /** SQLite file to keep the server's data in (reused, not reseeded, if it exists). */
  dataFile?: string;
  /** Extra CLI flags, e.g. ['--heartbeat-seconds', '1']. */
  args?: string[];
  /** Serve the fault interface (--faults); drive it with test/helpers/devserverFaults.ts. */
  faults?: boolean;
  /** Extra environment for the child (e.g. PARLEY_DEVSERVER_RECORD_DIR). */
  env?: Record<string, string>;
}

interface StartLine {
  devserver: string;
  base_url: string;
  realm_name: string;
  users: Array<{ email: string; password: string; full_name: string; user_id: number; role: number }>;
}

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
// Generous: a loaded two-core machine running many test files at once (CI) can take well over
// 20 s to transform and seed a dev server; a server that never starts still fails, with its stderr.
const START_TIMEOUT_MS = 60_000;
const running = new Set<ChildProcess>();

process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export function startDevServer(opts: StartOptions = {}): Promise<RunningDevServer> {
  const args = ['--import', 'tsx', CLI, '--port', '0', '--seed', opts.seed ?? 'demo'];
  if (opts.dataFile !== undefined) args.push('--data', opts.dataFile);
  if (opts.faults === true) args.push('--faults');
  args.push(...(opts.args ?? []));
  const env = { ...process.env, ...opts.env };
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  running.add(child);
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    // Keep the tail only: the server logs every request, and only the start matters for errors.
    stderr = (stderr + chunk).slice(-20_000);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  exited.then(() => running.delete(child));

  return new Promise<RunningDevServer>((resolve, reject) => {
    const fail = (why: string): void => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`dev server did not start: ${why}\n${stderr}`));
    };
    const timer = setTimeout(() => fail(`no start line within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
    const onEarlyExit = (code: number | null, signal: string | null): void =>
      fail(`it exited (code ${code}, signal ${signal})`);
    child.once('exit', onEarlyExit);
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      clearTimeout(timer);
      child.off('exit', onEarlyExit);
      lines.close();
      child.stdout?.resume(); // nothing more is expected there, but never let the pipe fill up
      let start: StartLine;
      try {
        start = JSON.parse(line) as StartLine;
      } catch {
        fail(`its first line is not JSON: ${line}`);
        return;
      }
      const users: DevServerUser[] = start.users.map((u) => ({
        email: u.email,
        password: u.password,
        fullName: u.full_name,
        userId: u.user_id,
        role: u.role,
      }));
      resolve({
        baseUrl: start.base_url,
        realmName: start.realm_name,
        users,
        startLine: start as unknown as Record<string, unknown>,
        pid: child.pid,
        exited,
        byRole(role) {
          const user = users.find((u) => u.role === role);
          if (!user) throw new Error(`the dev server has no user with role ${role}`);
          return user;
        },
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}
