/**
 * vitest globalSetup of the `node` project: starts each run with no recordings, so the
 * conformance step that follows validates what this code produced, not an older run's output.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { RECORDINGS_DIR } from './recordings';

export default function setup(): void {
  if (RECORDINGS_DIR === '') return;
  rmSync(RECORDINGS_DIR, { recursive: true, force: true });
  mkdirSync(RECORDINGS_DIR, { recursive: true });
}
