/**
 * An HTTP(S) proxy from the environment (HTTPS_PROXY, HTTP_PROXY, NO_PROXY, upper or lower case),
 * as curl and most command-line tools honour it. Node's built-in fetch ignores these variables,
 * so behind a company proxy Parley could not reach its servers; with one set, every request of
 * the core goes through undici's EnvHttpProxyAgent (NO_PROXY hosts go direct).
 *
 * undici is loaded on the first proxied request, not with the core: it is over a megabyte of
 * code that every start of the core's thread would otherwise compile, proxy or not (the build
 * keeps it out of the bundle, scripts/build-main.ts).
 */
import type * as UndiciModule from 'undici';
import type { Logger } from '../log';

type Undici = typeof UndiciModule;

const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'];

/** A fetch that goes through the environment's proxy, or null when none is set. */
export function proxyFetchFromEnv(env: NodeJS.ProcessEnv, log: Logger): typeof fetch | null {
  const named = PROXY_VARIABLES.filter((name) => env[name]);
  if (named.length === 0) return null;
  const either = (name: string) => env[name] || env[name.toLowerCase()] || '';
  const options: { httpProxy?: string; httpsProxy?: string; noProxy?: string } = {};
  if (either('HTTP_PROXY')) options.httpProxy = either('HTTP_PROXY');
  if (either('HTTPS_PROXY')) options.httpsProxy = either('HTTPS_PROXY');
  if (either('NO_PROXY')) options.noProxy = either('NO_PROXY');
  // The variable names only: a proxy URL may carry a user name and password.
  log.info('using the proxy from the environment', { variables: named.join(', ') });
  let loaded: Promise<{ undici: Undici; agent: InstanceType<Undici['EnvHttpProxyAgent']> }> | null = null;
  const proxied = async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    loaded ??= import('undici').then((undici) => ({ undici, agent: new undici.EnvHttpProxyAgent(options) }));
    const { undici, agent } = await loaded;
    return undici.fetch(input as Parameters<Undici['fetch']>[0], {
      ...(init as Parameters<Undici['fetch']>[1]),
      dispatcher: agent,
    });
  };
  return proxied as unknown as typeof fetch;
}
