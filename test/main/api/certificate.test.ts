/**
 * A server whose certificate this machine cannot verify (a self-signed one stands for a private
 * CA's): the error names the certificate so it can be checked, and nothing is ever sent to it.
 */
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiClient } from '../../../main/api/client';
import { NetworkError } from '../../../main/api/errors';
import { getServerSettings } from '../../../main/api/routes/server';

let dir: string;
let server: Server;
let requests = 0;
let fingerprint: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parley-cert-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=chat.corp.example/O=Example Corp',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(join(dir, 'cert.pem'));
  fingerprint = new X509Certificate(cert).fingerprint256;
  server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (_req, res) => {
    requests++;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

it('names the certificate it could not verify (subject, issuer, fingerprint, validity) and sends nothing', async () => {
  const port = (server.address() as AddressInfo).port;
  const client = new ApiClient({ realmUrl: `https://127.0.0.1:${port}` });
  const error = await getServerSettings(client).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(NetworkError);
  const message = (error as NetworkError).message;
  expect(message).toContain('its TLS certificate is self-signed (DEPTH_ZERO_SELF_SIGNED_CERT)');
  expect(message).toContain('the server presented a certificate for chat.corp.example, issued by chat.corp.example');
  expect(message).toContain(`SHA-256 ${fingerprint}`);
  expect(message).toMatch(/valid .+ to .+/);
  expect(message).not.toContain('\n');
  // Neither the request nor the look at the certificate reached the server's HTTP handler.
  expect(requests).toBe(0);
});
