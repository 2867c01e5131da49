/**
 * The dev server speaks Zulip's emoji names (common/zulip-emoji-names.json, Zulip's own table):
 * it publishes them at register's server_emoji_data_url, and accepts or refuses reactions with
 * the same words a Zulip server uses (zerver/lib/emoji.py).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { expectError, fetchMessage, freshTopic, loginRole, type Client } from './messages-support';
import { sendToChannel } from './support';

const ZULIP = JSON.parse(readFileSync(new URL('../../common/zulip-emoji-names.json', import.meta.url), 'utf8')) as {
  name_to_codepoint: Record<string, string>;
  codepoint_to_canonical: Record<string, string>;
};

let server: RunningDevServer;
let noah: Client;
let priya: Client;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  noah = await loginRole(server, 400, 0);
  priya = await loginRole(server, 400, 1);
});
afterAll(() => server.stop());

describe('server_emoji_data_url', () => {
  it('serves Zulip’s table as code_to_names, canonical name first, without credentials', async () => {
    const registered = await noah.ok('POST', '/register', { fetch_event_types: ['realm'] });
    const url = registered['server_emoji_data_url'] as string;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/static\/generated\/emoji\/emoji_api\.[0-9a-f]+\.json$/);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const { code_to_names: table } = (await res.json()) as { code_to_names: Record<string, string[]> };
    expect(Object.keys(table).sort()).toEqual(Object.keys(ZULIP.codepoint_to_canonical).sort());
    for (const [code, names] of Object.entries(table)) {
      expect(names[0]).toBe(ZULIP.codepoint_to_canonical[code]);
      for (const name of names) expect(ZULIP.name_to_codepoint[name]).toBe(code);
    }
    const listed = Object.values(table).flat();
    expect(listed.length).toBe(Object.keys(ZULIP.name_to_codepoint).length);
    expect(table['1f642']?.[0]).toBe('smile');
    expect(table['1f604']).toEqual(['big_smile']);
  });
});

describe('reactions by Zulip’s names', () => {
  it('accepts Zulip’s names and aliases, and refuses others in Zulip’s words', async () => {
    const id = await sendToChannel(noah, 'general', freshTopic('zulip names'), 'names');
    const react = (emoji_name: string, emoji_code?: string) =>
      priya.post(`/messages/${id}/reactions`, {
        emoji_name,
        ...(emoji_code ? { emoji_code, reaction_type: 'unicode_emoji' } : {}),
      });
    for (const [name, code] of [
      ['smile', '1f642'],
      ['big_smile', '1f604'],
      ['flag_andorra', '1f1e6-1f1e9'],
      ['working_on_it', '1f6e0'],
    ] as const) {
      expect((await react(name, code)).status).toBe(200);
    }
    const reactions = ((await fetchMessage(priya, id))['reactions'] as { emoji_name: string }[]).map(
      (r) => r.emoji_name,
    );
    expect(reactions.sort()).toEqual(['big_smile', 'flag_andorra', 'smile', 'working_on_it']);
  });

  it('refuses names Zulip does not have, in Zulip’s words', async () => {
    // A message nobody reacted to: a reaction with an emoji already there is a vote, not checked.
    const id = await sendToChannel(noah, 'general', freshTopic('bad names'), 'names');
    const react = (emoji_name: string, emoji_code?: string) =>
      priya.post(`/messages/${id}/reactions`, {
        emoji_name,
        ...(emoji_code ? { emoji_code, reaction_type: 'unicode_emoji' } : {}),
      });
    // Parley used to send emoji-datasource's "smile" for U+1F604.
    expectError(await react('smile', '1f604'), 'BAD_REQUEST', 'Invalid emoji name.');
    expectError(await react('thinking_face', '1f914'), 'BAD_REQUEST', 'Invalid emoji name.');
    expectError(await react('thinking_face'), 'BAD_REQUEST', "Emoji 'thinking_face' does not exist");
    expectError(await react('flag-ad'), 'BAD_REQUEST', "Emoji 'flag-ad' does not exist");
    expectError(await react('zulip', '1f600'), 'BAD_REQUEST', 'Invalid emoji name.');
    expectError(await react('tada', 'zzzz'), 'BAD_REQUEST', 'Invalid emoji code.');
    expect((await fetchMessage(priya, id))['reactions']).toEqual([]);
  });

  it('renders :name: only for Zulip’s names', async () => {
    const id = await sendToChannel(noah, 'general', freshTopic('render'), ':thinking: :thinking_face: :info:');
    const content = (await fetchMessage(noah, id))['content'] as string;
    expect(content).toContain('class="emoji emoji-1f914"');
    expect(content).toContain(' :thinking_face: ');
    expect(content).toContain('title="info">:info:</span>');
  });
});
