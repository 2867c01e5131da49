import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic } from '../../main/host/static-files';
import { contentTypeFor, resolveStaticPath } from '../../main/shell/renderer-files';

let parent: string;
let root: string;
let server: Server;
let base: string;

beforeAll(async () => {
  parent = realpathSync(mkdtempSync(join(tmpdir(), 'parley-static-')));
  root = join(parent, 'dist');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Parley</title>');
  writeFileSync(join(root, 'assets', 'app-1234.js'), 'console.log(1)');
  writeFileSync(join(root, 'assets', 'app-1234.css'), 'body{}');
  writeFileSync(join(parent, 'secret.txt'), 'outside');
  symlinkSync(join(parent, 'secret.txt'), join(root, 'link.txt'));
  server = createServer((req, res) => void serveStatic(root, req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(parent, { recursive: true, force: true });
});

function rawGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/`, { path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('resolveStaticPath', () => {
  it('maps / to the entry page and keeps paths inside the folder', () => {
    expect(resolveStaticPath('/srv/dist', '/')).toBe('/srv/dist/index.html');
    expect(resolveStaticPath('/srv/dist', '/assets/a.js?v=1')).toBe('/srv/dist/assets/a.js');
  });

  it('refuses traversal, encoded or not, and malformed escapes', () => {
    for (const path of [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/%E0%A4%A',
      '/a%00b',
      '/..\\secret.txt',
      'relative',
    ]) {
      expect(resolveStaticPath('/srv/dist', path), path).toBeNull();
    }
  });
});

describe('serveStatic over HTTP', () => {
  it('serves the entry page with the CSP and no caching', async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toContain('<title>Parley</title>');
  });

  it('serves assets with their types', async () => {
    const js = await fetch(`${base}/assets/app-1234.js`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toContain('immutable');
    const css = await fetch(`${base}/assets/app-1234.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await fetch(`${base}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await fetch(`${base}/`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
  });

  it('does not leave the folder through dots, encoded dots or a symlink', async () => {
    // fetch() would normalise these paths away; a hostile client sends them raw.
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const raw = await rawGet(path);
      expect(raw.status, path).toBe(400);
      expect(raw.body, path).not.toContain('outside');
    }
    const link = await fetch(`${base}/link.txt`);
    expect(link.status).toBe(404);
    expect(await link.text()).not.toContain('outside');
  });

  it('says 404 for missing files and folders', async () => {
    expect((await fetch(`${base}/nope.js`)).status).toBe(404);
    expect((await fetch(`${base}/assets`)).status).toBe(404);
  });
});

it('types unknown extensions as opaque bytes', () => {
  expect(contentTypeFor('x.exe')).toBe('application/octet-stream');
  expect(contentTypeFor('X.SVG')).toBe('image/svg+xml');
});
