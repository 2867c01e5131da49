/**
 * The dev server's GET /messages over loopback, against a bare node:http server answering the
 * same bytes, both fetched with the same client in the same process. The ratio is the cost of
 * the dev server's routing, auth, narrow query and message rendering on top of moving the JSON.
 * The dev server is a test tool, so no budget applies; the numbers show whether end-to-end
 * tests and demos wait on it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DevServer } from '../../devserver/server';
import type { BenchCase, Suite, SuiteContext } from '../lib/types';

interface Page {
  path: string;
  body: string;
}

async function signIn(server: DevServer): Promise<string> {
  const user = server.signInUsers()[0];
  if (!user) throw new Error('the demo seed has no one who can sign in');
  const res = await fetch(`${server.baseUrl}/api/v1/fetch_api_key`, {
    method: 'POST',
    body: new URLSearchParams({ username: user.email, password: user.password }),
  });
  const json = (await res.json()) as { api_key?: string };
  if (!res.ok || typeof json.api_key !== 'string') throw new Error(`sign-in failed with HTTP ${res.status}`);
  // The key stays in this closure's header; it is never printed.
  return `Basic ${Buffer.from(`${user.email}:${json.api_key}`).toString('base64')}`;
}

/** A server that answers every request with the body it was given, as fast as node:http can. */
async function echoServer(bodies: Map<string, Buffer>): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const body = bodies.get(req.url ?? '') ?? Buffer.from('{"result":"error"}');
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function messagesPath(numBefore: number, narrow: unknown[]): string {
  const q = new URLSearchParams({
    anchor: 'newest',
    num_before: String(numBefore),
    num_after: '0',
    narrow: JSON.stringify(narrow),
  });
  return `/api/v1/messages?${q}`;
}

async function* cases(ctx: SuiteContext): AsyncGenerator<BenchCase, void, void> {
  const dev = await DevServer.start({ seed: 'demo' });
  let echo: Server | null = null;
  try {
    const auth = await signIn(dev);
    const get = async (base: string, path: string) => {
      const res = await fetch(base + path, { headers: { authorization: auth } });
      if (!res.ok) throw new Error(`GET ${path.split('?')[0]} answered HTTP ${res.status}`);
      return res.text();
    };
    const all: Page = { path: messagesPath(1000, []), body: '' };
    all.body = await get(dev.baseUrl, all.path);
    const first = (JSON.parse(all.body) as { messages: { stream_id?: number }[] }).messages;
    const channelId = first.find((m) => m.stream_id !== undefined)?.stream_id;
    if (channelId === undefined) throw new Error('the demo seed sent no channel message');
    const inChannel: Page = { path: messagesPath(100, [{ operator: 'channel', operand: channelId }]), body: '' };
    inChannel.body = await get(dev.baseUrl, inChannel.path);
    const started = await echoServer(new Map([all, inChannel].map((p) => [p.path, Buffer.from(p.body)])));
    echo = started.server;
    ctx.note(`demo seed; 1,000-message page is ${(all.body.length / 1e6).toFixed(2)} MB of JSON`);

    for (const [name, page, count] of [
      ['GET /messages, 1,000 newest', all, 1000],
      ['GET /messages, 100 newest in a channel', inChannel, 100],
    ] as const) {
      yield {
        name,
        warmup: ctx.quick ? 3 : 10,
        rounds: ctx.quick ? 15 : 80,
        baseline: { label: 'node:http answering the same bytes', run: () => get(started.url, page.path) },
        measured: { label: 'dev server over loopback', run: () => get(dev.baseUrl, page.path) },
        compare: (b, m) => {
          const got = (JSON.parse(m as string) as { messages: unknown[] }).messages.length;
          if (got !== count) return `the dev server sent ${got} messages, not ${count}`;
          return (b as string) === m ? null : 'the dev server answered differently from its first answer';
        },
      };
    }
  } finally {
    const closing = echo;
    if (closing)
      await new Promise<void>((resolve) => {
        closing.close(() => resolve());
        closing.closeAllConnections();
      });
    await dev.stop();
  }
}

export const devserverSuite: Suite = {
  name: 'devserver',
  description: 'dev server GET /messages vs a bare node:http JSON response',
  order: 40,
  cases,
};
