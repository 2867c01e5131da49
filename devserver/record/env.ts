import { join } from 'node:path';

/** Set by test/helpers/devserver.ts for every server it spawns, so each test run is recorded. */
export const RECORD_DIR_ENV = 'PARLEY_DEVSERVER_RECORD_DIR';

/** A file of its own in $PARLEY_DEVSERVER_RECORD_DIR for this process, or undefined if unset. */
export function recordFileFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const dir = env[RECORD_DIR_ENV];
  if (dir === undefined || dir === '') return undefined;
  return join(dir, `devserver-${process.pid}-${Date.now()}.jsonl`);
}
