/**
 * The operating system's proxy settings (a proxy set in Windows, macOS or GNOME settings, or a
 * PAC script), for when the environment names none (main/api/proxy.ts handles HTTPS_PROXY and
 * friends). Only Electron can read them (session.resolveProxy, on the main thread), so the core's
 * thread asks for each server it talks to and keeps the answer for a few minutes (a laptop moves
 * between networks). The answer is PAC's "PROXY host:port; DIRECT" syntax.
 */
import type * as UndiciModule from 'undici';
import type { Logger } from '../log';
import { fetchTransport, type HttpTransport } from './transport';

type Undici = typeof UndiciModule;
const REMEMBER_MS = 5 * 60_000;

/**
 * The proxy URL for a PAC answer, or null to go direct. The first usable entry wins (PAC order);
 * SOCKS entries are skipped, as the core's HTTP client cannot use them.
 */
export function proxyFromPac(answer: string): string | null {
  for (const entry of answer.split(';')) {
    const [kind, hostPort] = entry.trim().split(/\s+/);
    const type = kind?.toUpperCase();
    if (type === 'DIRECT') return null;
    if ((type === 'PROXY' || type === 'HTTP') && hostPort) return `http://${hostPort}`;
    if (type === 'HTTPS' && hostPort) return `https://${hostPort}`;
  }
  return null;
}

/**
 * A transport that asks `resolve` (Electron's session.resolveProxy, across threads) for each
 * origin's proxy: origins to reach directly go through `direct` (the keep-alive transport), those
 * behind a proxy through undici's fetch with a ProxyAgent (loaded on the first one).
 */
export function systemProxyTransport(
  resolve: (url: string) => Promise<string>,
  log: Logger,
  direct: HttpTransport,
  now: () => number = Date.now,
): HttpTransport {
  const answers = new Map<string, { at: number; proxy: Promise<string | null> }>();
  const viaProxy = new Map<string, Promise<HttpTransport>>();
  const proxyFor = (origin: string): Promise<string | null> => {
    const known = answers.get(origin);
    if (known && now() - known.at < REMEMBER_MS) return known.proxy;
    const proxy = resolve(origin).then(
      (answer) => {
        const chosen = proxyFromPac(answer);
        // The host only: a proxy URL may carry a user name and password.
        if (chosen) log.info('using the system proxy', { server: new URL(origin).host, proxy: new URL(chosen).host });
        return chosen;
      },
      (e: unknown) => {
        log.warn('the system proxy settings could not be read; connecting directly', {
          reason: e instanceof Error ? e.message : String(e),
        });
        return null;
      },
    );
    answers.set(origin, { at: now(), proxy });
    return proxy;
  };
  const throughProxy = (proxy: string): Promise<HttpTransport> => {
    let loaded = viaProxy.get(proxy);
    if (!loaded) {
      loaded = import('undici').then((undici) => {
        const agent = new undici.ProxyAgent(proxy);
        const proxied = (input: Parameters<typeof fetch>[0], init?: RequestInit) =>
          undici.fetch(input as Parameters<Undici['fetch']>[0], {
            ...(init as Parameters<Undici['fetch']>[1]),
            dispatcher: agent,
          });
        return fetchTransport(proxied as unknown as typeof fetch);
      });
      viaProxy.set(proxy, loaded);
    }
    return loaded;
  };
  return async (request) => {
    const proxy = await proxyFor(request.url.origin);
    return proxy === null ? direct(request) : (await throughProxy(proxy))(request);
  };
}
