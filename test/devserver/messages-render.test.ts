/**
 * POST /messages/render renders by the same renderer as sending (mentions, code, math, spoilers)
 * and stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { sendToChannel } from './support';
import { fetchMessage, freshTopic, loginRole, type Client } from './messages-support';

let server: RunningDevServer;
let noah: Client;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  noah = await loginRole(server, 400, 0);
});
afterAll(() => server.stop());

describe('POST /messages/render', () => {
  it('gives the HTML sending would, and sends nothing', async () => {
    const owner = server.byRole(100);
    const content = `Hi @**${owner.fullName}**, **bold** \`code\` $$x^2$$\n\`\`\`spoiler Plot\nhidden\n\`\`\``;
    const before = (await noah.ok('GET', '/messages', { anchor: 'newest', num_before: 1, num_after: 0 }))['messages'];
    const rendered = (await noah.ok('POST', '/messages/render', { content }))['rendered'] as string;
    const after = (await noah.ok('GET', '/messages', { anchor: 'newest', num_before: 1, num_after: 0 }))['messages'];
    expect(after).toEqual(before);
    const id = await sendToChannel(noah, 'general', freshTopic('render'), content);
    expect(rendered).toBe((await fetchMessage(noah, id))['content']);
    expect(rendered).toContain('class="user-mention"');
    expect(rendered).toContain('<strong>bold</strong>');
    expect(rendered).toContain('class="spoiler-block"');
  });

  it('asks for content in Zulip’s words', async () => {
    const res = await noah.call('POST', '/messages/render', {});
    expect([res.status, res.body['msg']]).toEqual([400, "Missing 'content' argument"]);
  });
});
