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
  const { record: asked, ...rest } = opts;
  // The OpenAPI file describes the newest server: an older level's answers lack newer fields by
  // design (e.g. register's streams at 237), so such servers are not recorded unless asked.
  const older = rest.args?.includes('--feature-level') ?? false;
  const record = asked ?? !older;
  // Each server writes its own file in the shared folder; see test/conformance/README.md.
  return spawnDevServer({ ...rest, env: { PARLEY_DEVSERVER_RECORD_DIR: record === false ? '' : RECORDINGS_DIR } });
}
