import { parseFlags } from './options';
import { recordFileFromEnv } from './record/env';
import { DevServer } from './server';

/**
 * `tsx devserver/cli.ts [flags]`: starts the dev server and prints exactly one JSON line to
 * stdout (base_url, realm_name, the users who can sign in); everything else goes to stderr.
 */
async function main(): Promise<void> {
  let options;
  try {
    options = parseFlags(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`devserver: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
  const server = await DevServer.start({
    ...options,
    // --record wins; otherwise the test helper's PARLEY_DEVSERVER_RECORD_DIR, if set.
    recordFile: options.recordFile ?? recordFileFromEnv(),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(`${server.startLine()}\n`);
  const shutdown = (): void => {
    void server.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `devserver failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
