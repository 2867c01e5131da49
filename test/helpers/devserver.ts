/**
 * Test helper: starts the dev server through devserver/spawn.ts with response recording on, so the
 * conformance suite (test/conformance/) validates every answer the tests provoked.
 */
import { startDevServer as spawnDevServer, type StartOptions as SpawnOptions } from '../../devserver/spawn';
import type { RunningDevServer } from '../../devserver/spawn';
import { RECORDINGS_DIR } from '../conformance/recordings';

export type { DevServerUser, RunningDevServer } from '../../devserver/spawn';

export interface StartOptions extends Omit<SpawnOptions, 'env'> {
  /**
   * Record every /api/v1 response for the conformance suite (default true). Turn it off only for
   * servers whose answers are meant to be wrong.
   */
  record?: boolean;
}

export function startDevServer(opts: StartOptions = {}): Promise<RunningDevServer> {
  const { record, ...rest } = opts;
  // Each server writes its own file in the shared folder; see test/conformance/README.md.
  return spawnDevServer({ ...rest, env: { PARLEY_DEVSERVER_RECORD_DIR: record === false ? '' : RECORDINGS_DIR } });
}
