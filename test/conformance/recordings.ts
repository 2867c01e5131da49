/**
 * Where spawned dev servers record their /api/v1 responses (devserver/record/), and how the
 * conformance suite reads them back.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Inside test/artifacts/ (git-ignored). PARLEY_DEVSERVER_RECORD_DIR overrides it; '' turns recording off. */
export const RECORDINGS_DIR =
  process.env['PARLEY_DEVSERVER_RECORD_DIR'] ??
  fileURLToPath(new URL('../artifacts/devserver-recordings', import.meta.url));

/** One recorded response, as devserver/record/recorder.ts writes it. */
export interface Recording {
  method: string;
  /** Below /api/v1, e.g. `/messages/42`. */
  path: string;
  /** The dev server's route template (e.g. `/messages/{message_id}`), or null if none matched. */
  route: string | null;
  status: number;
  /** The fault rule that made the answer up, if any (devserver/faults/). */
  fault: string | null;
  body: unknown;
  /** `file:line`, for failure messages. */
  source: string;
}

export interface RecordingSet {
  recordings: Recording[];
  files: number;
  /** Lines that are not JSON: a server killed mid-write, reported rather than ignored. */
  broken: string[];
}

export function readRecordings(dir: string = RECORDINGS_DIR): RecordingSet {
  const out: RecordingSet = { recordings: [], files: 0, broken: [] };
  if (dir === '' || !existsSync(dir)) return out;
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.jsonl'))
    .sort()) {
    out.files += 1;
    const lines = readFileSync(join(dir, name), 'utf8').split('\n');
    lines.forEach((line, index) => {
      if (line.trim() === '') return;
      const source = `${name}:${index + 1}`;
      try {
        out.recordings.push({ ...(JSON.parse(line) as Omit<Recording, 'source'>), source });
      } catch {
        // The last line of a file whose server was killed may be cut off; anything else is a bug.
        if (index < lines.length - 1) out.broken.push(source);
      }
    });
  }
  return out;
}
