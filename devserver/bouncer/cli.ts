/**
 * `tsx devserver/bouncer/cli.ts [flags]`: runs the dev push bouncer as its own process and prints
 * one JSON line (url, public_key, remotes) to stdout; logs go to stderr.
 *
 * Flags: --port N, --key-seed <64 hex digits> (stable key), --remote ORG_ID:ORG_KEY:REALM_UUID[,REALM_UUID...]
 * (repeatable), --max-age-seconds N, --test-routes.
 */
import { parseBouncerFlags } from './options';
import { startBouncer, type BouncerOptions } from './server';

async function main(): Promise<void> {
  let options: BouncerOptions;
  try {
    options = parseBouncerFlags(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`bouncer: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
  const bouncer = await startBouncer({ ...options, log: (line) => process.stderr.write(`${line}\n`) });
  process.stdout.write(`${bouncer.startLine()}\n`);
  const shutdown = (): void => void bouncer.stop().then(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bouncer failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
