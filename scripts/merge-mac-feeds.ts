/**
 * The release workflow builds macOS once per arch, each on a runner of that arch (keytar's
 * binary is the machine's), so each job writes its own latest-mac.yml naming only its own files.
 * electron-updater on a Mac reads one latest-mac.yml and picks the files for its arch (names with
 * "arm64" for Apple Silicon, the others for Intel), so the release carries the two merged:
 *   tsx scripts/merge-mac-feeds.ts A/latest-mac.yml B/latest-mac.yml > latest-mac.yml
 */
import { readFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';
import { isMainModule } from './rebuild-electron';

interface FeedFile {
  url: string;
  sha512: string;
  size: number;
}
interface MacFeed {
  version: string;
  files: FeedFile[];
  path?: string;
  sha512?: string;
  releaseDate?: string;
}

export function mergeMacFeeds(feeds: readonly MacFeed[]): MacFeed {
  const [first] = feeds;
  if (!first) throw new Error('No latest-mac.yml to merge.');
  const versions = new Set(feeds.map((feed) => feed.version));
  if (versions.size !== 1) throw new Error(`The macOS builds disagree on the version: ${[...versions].join(', ')}.`);
  const files = new Map<string, FeedFile>();
  for (const file of feeds.flatMap((feed) => feed.files)) {
    const seen = files.get(file.url);
    if (seen && seen.sha512 !== file.sha512) throw new Error(`Two different files are named ${file.url}.`);
    files.set(file.url, file);
  }
  // The legacy single-file fields, read by updaters that know no arch: the Intel zip, which
  // Apple Silicon also runs (Rosetta).
  const legacy = feeds.find((feed) => feed.path !== undefined && !feed.path.includes('arm64')) ?? first;
  const latest = feeds
    .map((feed) => feed.releaseDate)
    .filter((date): date is string => date !== undefined)
    .sort()
    .at(-1);
  return {
    version: first.version,
    files: [...files.values()],
    ...(legacy.path !== undefined ? { path: legacy.path } : {}),
    ...(legacy.sha512 !== undefined ? { sha512: legacy.sha512 } : {}),
    ...(latest !== undefined ? { releaseDate: latest } : {}),
  };
}

if (isMainModule(import.meta.url, process.argv[1])) {
  try {
    const feeds = process.argv.slice(2).map((file) => parse(readFileSync(file, 'utf8')) as MacFeed);
    process.stdout.write(stringify(mergeMacFeeds(feeds)));
  } catch (e) {
    console.error(`Could not merge the macOS update feeds: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
}
