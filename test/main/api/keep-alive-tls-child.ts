/**
 * Run by keep-alive-tls.test.ts in a process of its own, as the core's thread starts: the
 * system's certificates trusted where the runtime can (system-ca.ts), then one request over the
 * keep-alive transport to the URL given. Prints what came of it as one line of JSON.
 */
import * as z from 'zod';
import { ApiClient } from '../../../main/api/client';
import { keepAliveTransport } from '../../../main/api/keep-alive-transport';
import { trustSystemCertificates } from '../../../main/api/system-ca';

async function main(): Promise<void> {
  trustSystemCertificates();
  const client = new ApiClient({ realmUrl: process.argv[2] ?? '', transport: keepAliveTransport() });
  const outcome = await client.request('GET', '/server_settings', {}, z.object({ realm_name: z.string() })).then(
    (answer) => ({ realmName: answer.realm_name }),
    (e: unknown) => ({ error: e instanceof Error ? e.message : String(e) }),
  );
  process.stdout.write(`${JSON.stringify(outcome)}\n`);
}

void main();
