/** devserver/bouncer/cli.ts as its own process: the start line, a stable seeded key, and flag errors. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { getJson } from './support';

const CLI = fileURLToPath(new URL('../../devserver/bouncer/cli.ts', import.meta.url));
const children: Array<ReturnType<typeof spawn>> = [];

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  }
});

function run(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return child;
}

async function startLine(args: string[]): Promise<Record<string, unknown>> {
  const child = run(args);
  const lines = createInterface({ input: child.stdout! });
  const [line] = (await once(lines, 'line')) as [string];
  lines.close();
  return JSON.parse(line) as Record<string, unknown>;
}

const SEED = '11'.repeat(32);

describe('bouncer CLI', () => {
  it('prints a JSON start line whose key and remotes match what it serves, and the same key for the same seed', async () => {
    const remote = 'org-1:secret-1:realm-a,realm-b';
    const first = await startLine(['--key-seed', SEED, '--remote', remote]);
    expect(first).toMatchObject({
      bouncer: 'parley',
      remotes: [{ org_id: 'org-1', org_key: 'secret-1', realm_uuids: ['realm-a', 'realm-b'] }],
    });
    const keys = await getJson(`${String(first['url'])}/api/v1/bouncer/public_keys`);
    expect(keys.body['current_public_key']).toBe(first['public_key']);

    const second = await startLine(['--key-seed', SEED]);
    expect(second['public_key']).toBe(first['public_key']);
    expect(second['url']).not.toBe(first['url']);
    const unseeded = await startLine([]);
    expect(unseeded['public_key']).not.toBe(first['public_key']);
  });

  it('exits with status 2 and a readable reason on bad flags', async () => {
    for (const [args, reason] of [
      [['--key-seed', 'abc'], /--key-seed must be 64 hex digits/],
      [['--remote', 'only-an-id'], /--remote must be ORG_ID:ORG_KEY:REALM_UUID/],
      [['--max-age-seconds', '0'], /--max-age-seconds must be a positive integer/],
    ] as Array<[string[], RegExp]>) {
      const child = run(args);
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const [code] = (await once(child, 'exit')) as [number];
      expect(code).toBe(2);
      expect(stderr).toMatch(reason);
    }
  });
});
