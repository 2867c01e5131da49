/**
 * The organization's linkifiers in message content, as Zulip's Markdown applies them
 * (zerver/lib/markdown LinkifierPattern): `#123` becomes `<a href="…/issues/123">#123</a>` after
 * the start, white space or an opening delimiter, never when a letter or digit follows, and never
 * inside code or an existing link. The demo's linkifier: #(?P<id>[0-9]+) → tracker.example.org.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { login, type Api } from './support';

let server: RunningDevServer;
let member: Api;
let admin: Api;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  member = await login(server, server.byRole(400));
  admin = await login(server, server.byRole(200));
}, 60_000);
afterAll(() => server.stop());

const rendered = async (content: string): Promise<string> =>
  (await member.ok('POST', '/messages/render', { content }))['rendered'] as string;
const issue = (n: number): string => `<a href="https://tracker.example.org/parley/issues/${n}"`;

describe('linkifiers in message content', () => {
  it('link a match with the expanded template, the matched text as the link text', async () => {
    const html = await rendered('Fixed in #123, see also (#45).');
    expect(html).toContain(`${issue(123)}`);
    expect(html).toMatch(/<a href="https:\/\/tracker\.example\.org\/parley\/issues\/123"[^>]*>#123<\/a>, see also \(/);
    expect(html).toContain(issue(45));
  });

  it('leave alone what Zulip leaves alone: no boundary, a following letter, code, link text', async () => {
    const html = await rendered('abc#12 and #13b and `#14` and [issue #15](https://example.com/x)');
    expect(html).not.toContain('/issues/');
    expect(html).toContain('<code>#14</code>');
    expect(html).toContain('>issue #15</a>');
  });

  it('apply in sent messages, and follow a linkifier added later', async () => {
    await admin.ok('POST', '/realm/filters', {
      pattern: 'RFC(?P<num>[0-9]+)',
      url_template: 'https://www.rfc-editor.org/rfc/rfc{num}',
    });
    const sent = await member.ok('POST', '/messages', {
      type: 'stream',
      to: 'general',
      topic: 'linkifiers',
      content: 'Per RFC6570 and #7.',
    });
    const got = await member.ok('GET', '/messages', { message_ids: JSON.stringify([sent['id']]) });
    const html = (got['messages'] as Array<Record<string, string>>)[0]!['content']!;
    expect(html).toContain('<a href="https://www.rfc-editor.org/rfc/rfc6570"');
    expect(html).toContain(issue(7));
  });
});
