/**
 * A real HTTP proxy on loopback for the proxy tests: it tunnels CONNECT and forwards absolute-form
 * requests, and remembers where each one went (`seen`), so a test can tell that the core went
 * through it, and to which server.
 */
import { createServer, request } from 'node:http';
import { connect, type AddressInfo } from 'node:net';

export interface LoopbackProxy {
  /** host:port of the proxy itself. */
  readonly hostPort: string;
  /** Where each request went: host:port of a CONNECT, the host of a forwarded request. */
  readonly seen: string[];
  close(): void;
}

export async function startLoopbackProxy(): Promise<LoopbackProxy> {
  const seen: string[] = [];
  const proxy = createServer((req, res) => {
    // Absolute-form: GET http://host:port/path
    const target = new URL(req.url ?? '');
    seen.push(target.host);
    const upstream = request(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  proxy.on('connect', (req, client, head) => {
    seen.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    hostPort: `127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    seen,
    close: () => {
      proxy.closeAllConnections();
      proxy.close();
    },
  };
}
