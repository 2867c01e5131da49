/** Command-line flags of cli.ts (see README.md); throws an Error a person can read on bad input. */
import { parseArgs } from 'node:util';
import type { RemoteServerConfig } from './registry';
import type { BouncerOptions } from './server';

export function parseBouncerFlags(argv: string[]): BouncerOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string' },
      'key-seed': { type: 'string' },
      remote: { type: 'string', multiple: true },
      'max-age-seconds': { type: 'string' },
      'test-routes': { type: 'boolean' },
    },
  });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--port must be an integer 0-65535');
  const options: BouncerOptions = {
    port,
    remotes: (values.remote ?? []).map(parseRemote),
    testRoutes: values['test-routes'] ?? false,
  };
  if (values['key-seed'] !== undefined) {
    if (!/^[0-9a-f]{64}$/i.test(values['key-seed'])) throw new Error('--key-seed must be 64 hex digits (32 bytes)');
    options.keySeed = new Uint8Array(Buffer.from(values['key-seed'], 'hex'));
  }
  if (values['max-age-seconds'] !== undefined) {
    const age = Number(values['max-age-seconds']);
    if (!Number.isInteger(age) || age <= 0) throw new Error('--max-age-seconds must be a positive integer');
    options.maxAgeSeconds = age;
  }
  return options;
}

function parseRemote(text: string): RemoteServerConfig {
  const [orgId, orgKey, realms, ...rest] = text.split(':');
  if (!orgId || !orgKey || !realms || rest.length > 0)
    throw new Error(`--remote must be ORG_ID:ORG_KEY:REALM_UUID[,REALM_UUID...], not ${JSON.stringify(text)}`);
  return { orgId, orgKey, realmUuids: realms.split(',').filter(Boolean) };
}
