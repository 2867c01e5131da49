/**
 * The biggest Zulip communities (issue 28): the dev server's `huge` seed, 30,012 people, 409
 * channels, ~333k messages. Measured here: what the dev server costs every test at that size
 * (register, GET /server_settings, against a bare node:http server answering the same bytes),
 * and the @-mention typeahead per key over all 30,012 people (as the compose box runs it), with
 * the people index it builds while idle timed apart. The seed is written once per run into
 * the run's folder (~26 s of CPU).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { UserSummary } from '../../common/model';
import { DevServer } from '../../devserver/server';
import type { BenchCase, Suite, SuiteContext } from '../lib/types';
import { firstSyncFigures } from './huge-first-sync';

const OWNER = 'olivia@parley.example';
/** What a user types after `@`, one key at a time: a common first name, then a surname. */
const TYPED = ['', 'a', 'ad', 'ada', 'ada ', 'ada l', 'ada lo', 'ada lop'];
const TYPED_TOO = ['', 'k', 'ko', 'kof', 'kofi', 'kofi m'];

async function echoServer(bodies: Map<string, Buffer>): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const body = bodies.get(req.url ?? '') ?? Buffer.from('{"result":"error"}');
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

interface TypeaheadSources {
  users: readonly UserSummary[];
  groups: readonly never[];
  channels: readonly never[];
  emoji: null;
  selfUserId: number;
}
type SuggestionsFor = (
  trigger: { kind: 'mention'; query: string; silent: boolean; start: number },
  sources: TypeaheadSources,
) => { key: string }[];

interface Typeahead {
  suggestionsFor: SuggestionsFor;
  mentionIndex: (users: readonly UserSummary[]) => unknown;
}

/**
 * The renderer's own typeahead modules, loaded at run time: they belong to the renderer's type
 * project (which the bench's cannot include), but are plain TypeScript that runs in Node as it is.
 */
async function loadTypeahead(): Promise<Typeahead> {
  const lib = (name: string) => new URL(`../../renderer/lib/${name}.ts`, import.meta.url).href;
  const { suggestionsFor } = (await import(lib('composeTypeahead'))) as Pick<Typeahead, 'suggestionsFor'>;
  const { mentionIndex } = (await import(lib('mentionIndex'))) as Pick<Typeahead, 'mentionIndex'>;
  return { suggestionsFor, mentionIndex };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Per-key milliseconds of the mention typeahead, and of building its people index: each word starts
 * on a new list, whose index is built first, as the compose box does while idle.
 */
function typeaheadKeys(
  { suggestionsFor, mentionIndex }: Typeahead,
  users: readonly UserSummary[],
  selfUserId: number,
  words: number,
): { keys: number[]; builds: number[] } {
  const times: number[] = [];
  const builds: number[] = [];
  for (let w = 0; w < words; w++) {
    const sources: TypeaheadSources = { users: [...users], groups: [], channels: [], emoji: null, selfUserId };
    const building = performance.now();
    mentionIndex(sources.users);
    builds.push(performance.now() - building);
    for (const query of w % 2 === 0 ? TYPED : TYPED_TOO) {
      const started = performance.now();
      const found = suggestionsFor({ kind: 'mention', query, silent: false, start: 0 }, sources);
      times.push(performance.now() - started);
      if (found.length === 0 && query.length < 3) throw new Error(`the typeahead found nobody for "${query}"`);
    }
  }
  return { keys: times, builds };
}

async function* cases(ctx: SuiteContext): AsyncGenerator<BenchCase, void, void> {
  const dev = await DevServer.start({ seed: 'huge', dataFile: join(ctx.runDir, 'huge-server.sqlite') });
  let echo: Server | null = null;
  try {
    const signIn = await fetch(`${dev.baseUrl}/api/v1/fetch_api_key`, {
      method: 'POST',
      body: new URLSearchParams({ username: OWNER, password: 'parley' }),
    });
    const key = ((await signIn.json()) as { api_key: string }).api_key;
    // The key stays in this header; it is never printed.
    const auth = `Basic ${Buffer.from(`${OWNER}:${key}`).toString('base64')}`;
    const registerBody = new URLSearchParams({
      include_subscribers: 'partial',
      slim_presence: 'true',
      client_capabilities: JSON.stringify({ user_list_incomplete: true, empty_topic_name: true }),
    }).toString();
    const register = async (base: string) => {
      const res = await fetch(`${base}/api/v1/register`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
        body: registerBody,
      });
      if (!res.ok) throw new Error(`register answered HTTP ${res.status}`);
      return res.text();
    };
    const settings = async (base: string) => (await fetch(`${base}/api/v1/server_settings`)).text();

    const registered = await register(dev.baseUrl);
    const state = JSON.parse(registered) as {
      realm_users: { user_id: number; full_name: string; email: string; is_bot: boolean }[];
      user_id: number;
    };
    const started = await echoServer(
      new Map([
        ['/api/v1/register', Buffer.from(registered)],
        ['/api/v1/server_settings', Buffer.from(await settings(dev.baseUrl))],
      ]),
    );
    echo = started.server;
    ctx.note(
      `huge seed: ${state.realm_users.length} people in register, ${(registered.length / 1e6).toFixed(1)} MB of JSON`,
    );
    await firstSyncFigures(ctx, started.url, { email: OWNER, apiKey: key }, registered);

    const cpuOf = async (f: () => Promise<unknown>, times: number): Promise<number[]> => {
      const out: number[] = [];
      for (let i = 0; i < times; i++) {
        const before = process.cpuUsage();
        await f();
        const used = process.cpuUsage(before);
        out.push((used.user + used.system) / 1000);
      }
      return out;
    };
    // CPU rather than wall time: on a shared machine a request may wait seconds for a core.
    const registerCpu = await cpuOf(() => register(dev.baseUrl), ctx.quick ? 3 : 8);
    ctx.metric('register CPU (server and client), huge organization, median', Math.round(median(registerCpu)), 'ms');
    const settingsCpu = await cpuOf(() => settings(dev.baseUrl), ctx.quick ? 10 : 40);
    ctx.metric('GET /server_settings CPU, huge organization, median', +median(settingsCpu).toFixed(1), 'ms');

    yield {
      name: 'POST /register, huge organization',
      warmup: 1,
      rounds: ctx.quick ? 3 : 8,
      baseline: { label: 'node:http answering the same bytes', run: () => register(started.url) },
      measured: { label: 'dev server over loopback', run: () => register(dev.baseUrl) },
      // The queue ID and timestamps differ per call; the organization must not.
      compare: (b, m) => {
        const shape = (text: unknown) => {
          const r = JSON.parse(text as string) as {
            realm_users: unknown[];
            subscriptions: unknown[];
            max_message_id: number;
          };
          return `${r.realm_users.length} people, ${r.subscriptions.length} channels, newest ${r.max_message_id}`;
        };
        return shape(b) === shape(m) ? null : `register changed between calls: ${shape(b)} vs ${shape(m)}`;
      },
    };
    yield {
      name: 'GET /server_settings, huge organization',
      warmup: 5,
      rounds: ctx.quick ? 15 : 60,
      baseline: { label: 'node:http answering the same bytes', run: () => settings(started.url) },
      measured: { label: 'dev server over loopback', run: () => settings(dev.baseUrl) },
    };

    const users: UserSummary[] = state.realm_users.map((u) => ({
      id: u.user_id,
      fullName: u.full_name,
      email: u.email,
      avatarUrl: null,
      role: 400,
      isBot: u.is_bot,
      isActive: true,
    }));
    const { keys, builds } = typeaheadKeys(await loadTypeahead(), users, state.user_id, ctx.quick ? 6 : 30);
    ctx.metric('@-mention typeahead per key, 30k people, median', +median(keys).toFixed(2), 'ms');
    ctx.metric('@-mention typeahead per key, 30k people, slowest', +Math.max(...keys).toFixed(2), 'ms');
    ctx.metric('@-mention people index, built while idle, 30k people, median', +median(builds).toFixed(1), 'ms');
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

export const hugeSuite: Suite = {
  name: 'huge',
  description:
    'the biggest communities (30k people, 333k messages): dev server register, the first sync, the mention typeahead',
  order: 45,
  cases,
};
