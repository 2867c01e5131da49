/**
 * The account's emoji names come from its server's `server_emoji_data_url` (against the dev
 * server, which publishes Zulip's table there): fetched once per URL, kept in the cache file,
 * fetched again when the URL changes, and dropped for a server that publishes none.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, type LogEntry } from '../../../main/log';
import { ApiClient } from '../../../main/api/client';
import { EmojiTable } from '../../../main/records/emoji-table';
import { AccountStore } from '../../../main/store/account-store';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { loginRole } from '../../devserver/messages-support';
import { tempDir } from '../store/fixtures';

/** Zulip's own emoji names (the copy of ../shared/reference/zulip-emoji-names.json kept in common/). */
const ZULIP_NAMES = (
  JSON.parse(readFileSync(new URL('../../../common/zulip-emoji-names.json', import.meta.url), 'utf8')) as {
    name_to_codepoint: Record<string, string>;
  }
).name_to_codepoint;

let server: RunningDevServer;
let dataUrl: string;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  const api = await loginRole(server, 400);
  dataUrl = (await api.ok('POST', '/register', { fetch_event_types: ['realm'] }))['server_emoji_data_url'] as string;
});
afterAll(() => server.stop());

function setup(file = join(tempDir(), 'emoji.sqlite'), client = new ApiClient({ realmUrl: server.baseUrl })) {
  const store = AccountStore.open(file);
  const warnings: LogEntry[] = [];
  const log = createLogger({ name: 't', sink: (_line, e) => void (e.level === 'warn' && warnings.push(e)) });
  let changes = 0;
  const table = new EmojiTable({ store, client, log, onChanged: () => changes++ });
  return { store, table, file, warnings, changes: () => changes };
}

describe('EmojiTable', () => {
  it('fetches the server’s table once per URL and keeps it in the cache file', async () => {
    const { store, table, file, changes } = setup();
    expect(table.names()).toBeNull();
    await table.afterRegister(dataUrl);
    expect(table.names()?.['1f642']?.[0]).toBe('smile');
    expect(table.names()?.['1f604']).toEqual(['big_smile']);
    expect(changes()).toBe(1);
    await table.afterRegister(dataUrl);
    expect(changes()).toBe(1);
    store.close();

    const reopened = setup(file);
    expect(reopened.table.names()?.['1f914']).toEqual(['thinking']);
    await reopened.table.afterRegister(dataUrl);
    expect(reopened.changes()).toBe(0);
    reopened.store.close();
  });

  it('fetches again when the URL changes, resolving a relative one against the organization', async () => {
    const { store, table, changes } = setup();
    await table.afterRegister(dataUrl);
    const relative = new URL(dataUrl).pathname + '?v=2';
    await table.afterRegister(relative);
    expect(changes()).toBe(2);
    expect(store.emojiTable.get()?.url).toBe(relative);
    expect(table.names()?.['1f642']?.[0]).toBe('smile');
    store.close();
  });

  it('keeps the table it has when the server’s file is missing or not an emoji table, and says why', async () => {
    const { store, table, changes, warnings } = setup();
    await table.afterRegister(dataUrl);
    await table.afterRegister(`${server.baseUrl}/static/generated/emoji/emoji_api.gone.json`);
    await table.afterRegister(`${server.baseUrl}/avatar/1`);
    expect(changes()).toBe(1);
    expect(table.names()?.['1f642']?.[0]).toBe('smile');
    expect(warnings.map((w) => w.fields?.['reason'])).toEqual([
      expect.stringMatching(/answered 404 for the emoji data/),
      'the emoji data is not JSON',
    ]);
    store.close();
  });

  it('goes out through the account’s client (its proxy and certificates), never signed', async () => {
    const seen: { url: string; authorization: string | null }[] = [];
    // The client of a signed-in account, its requests counted where they leave it.
    const client = new ApiClient({
      realmUrl: server.baseUrl,
      auth: { email: 'iago@parley.example', apiKey: 'not-to-be-sent' },
      fetch: (input, init) => {
        seen.push({ url: String(input), authorization: new Headers(init?.headers).get('authorization') });
        return fetch(input, init);
      },
    });
    const { store, table } = setup(join(tempDir(), 'emoji.sqlite'), client);
    await table.afterRegister(dataUrl);
    expect(table.names()?.['1f642']?.[0]).toBe('smile');
    // Every name it holds is one a real Zulip server accepts (Zulip's own table, common/zulip-emoji-names.json).
    const held = Object.values(table.names() ?? {}).flat();
    expect(held.length).toBeGreaterThan(1000);
    expect(held.filter((name) => !(name in ZULIP_NAMES))).toEqual([]);
    expect(seen).toEqual([{ url: new URL(dataUrl, server.baseUrl).href, authorization: null }]);
    store.close();
  });

  it('uses no server table for a server that publishes none (the bundled one applies)', async () => {
    const { store, table, changes } = setup();
    await table.afterRegister(dataUrl);
    await table.afterRegister(undefined);
    expect(table.names()).toBeNull();
    expect(changes()).toBe(2);
    store.close();
  });
});
