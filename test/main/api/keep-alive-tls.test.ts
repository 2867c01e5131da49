/**
 * TLS on the keep-alive transport: a server whose certificate comes from a private CA is accepted
 * when the runtime's default store holds that CA, and refused, naming the certificate, when it
 * does not. The core's thread adds the operating system's store to that default (system-ca.ts,
 * where the runtime can); here, whose Node may lack that call, the CA gets there the other way the
 * runtime offers, NODE_EXTRA_CA_CERTS, in a process of its own. Either way the transport must use
 * the default store, not a list of its own.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('./keep-alive-tls-child.ts', import.meta.url));
let dir: string;
let server: Server;
let url: string;
let requests = 0;

function openssl(...args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parley-private-ca-'));
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=Example Corp Private CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=chat.corp.example',
    '-keyout',
    'server.key',
    '-out',
    'server.csr',
  );
  writeFileSync(join(dir, 'ext.cnf'), 'subjectAltName=IP:127.0.0.1\n');
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    'ext.cnf',
    '-out',
    'server.pem',
  );
  server = createServer(
    { key: readFileSync(join(dir, 'server.key')), cert: readFileSync(join(dir, 'server.pem')) },
    (_req, res) => {
      requests++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ result: 'success', msg: '', realm_name: 'Corp chat' }));
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

async function requestFromChild(extraCa: string | null): Promise<{ realmName?: string; error?: string }> {
  const env = { ...process.env };
  delete env['NODE_EXTRA_CA_CERTS'];
  if (extraCa) env['NODE_EXTRA_CA_CERTS'] = extraCa;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CHILD, url], { env });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { realmName?: string; error?: string };
}

it('accepts a private CA’s server once the runtime’s store holds the CA', async () => {
  expect(await requestFromChild(join(dir, 'ca.pem'))).toEqual({ realmName: 'Corp chat' });
  expect(requests).toBe(1);
}, 30_000);

it('refuses it otherwise, naming the certificate, and sends it nothing', async () => {
  const before = requests;
  const { error } = await requestFromChild(null);
  expect(error).toContain('its TLS certificate could not be verified');
  expect(error).toContain(
    'the server presented a certificate for chat.corp.example, issued by Example Corp Private CA',
  );
  expect(requests).toBe(before);
}, 30_000);
