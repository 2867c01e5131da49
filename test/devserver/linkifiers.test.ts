/**
 * Linkifiers on the dev server: the demo's issue-number linkifier in /register (only for clients
 * with linkifier_url_template, as on Zulip), adding, editing and removing one as an
 * administrator with a realm_linkifiers event each time, and Zulip-style refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { openQueue } from './queue_support';
import { login, type Api } from './support';

let server: RunningDevServer;
let admin: Api;
let member: Api;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  admin = await login(server, server.byRole(200));
  member = await login(server, server.byRole(400));
}, 60_000);
afterAll(() => server.stop());

const DEMO = { pattern: '#(?P<id>[0-9]+)', url_template: 'https://tracker.example.org/parley/issues/{id}' };

describe('linkifiers', () => {
  it('lists the demo linkifier in /register for clients with linkifier_url_template only', async () => {
    const modern = await member.ok('POST', '/register', {
      fetch_event_types: ['realm_linkifiers'],
      client_capabilities: { linkifier_url_template: true },
    });
    expect(modern['realm_linkifiers']).toEqual([expect.objectContaining(DEMO)]);
    const legacy = await member.ok('POST', '/register', { fetch_event_types: ['realm_linkifiers'] });
    expect(legacy['realm_linkifiers']).toEqual([]);
    expect((await member.ok('GET', '/realm/linkifiers'))['linkifiers']).toEqual([expect.objectContaining(DEMO)]);
  });

  it('adds, edits and removes one as an administrator, with a realm_linkifiers event each time', async () => {
    const queue = await openQueue(member, {
      event_types: ['realm_linkifiers'],
      client_capabilities: { linkifier_url_template: true },
    });
    const { id } = await admin.ok('POST', '/realm/filters', {
      pattern: 'RFC(?P<num>[0-9]+)',
      url_template: 'https://www.rfc-editor.org/rfc/rfc{num}',
    });
    let event = (await queue.takeOf('realm_linkifiers'))[0]!;
    expect(event['realm_linkifiers']).toContainEqual({
      id,
      pattern: 'RFC(?P<num>[0-9]+)',
      url_template: 'https://www.rfc-editor.org/rfc/rfc{num}',
    });
    await admin.ok('PATCH', `/realm/filters/${id}`, {
      pattern: 'RFC ?(?P<num>[0-9]+)',
      url_template: 'https://datatracker.ietf.org/doc/html/rfc{num}',
    });
    event = (await queue.takeOf('realm_linkifiers'))[0]!;
    expect(event['realm_linkifiers']).toContainEqual(expect.objectContaining({ id, pattern: 'RFC ?(?P<num>[0-9]+)' }));
    await admin.ok('DELETE', `/realm/filters/${id}`);
    event = (await queue.takeOf('realm_linkifiers'))[0]!;
    expect(event['realm_linkifiers']).toEqual([expect.objectContaining(DEMO)]);
  });

  it('refuses members, bad patterns and templates naming groups the pattern lacks', async () => {
    expect(
      (await member.post('/realm/filters', { pattern: 'x(?P<a>1)', url_template: 'https://x.example/{a}' })).status,
    ).toBe(400);
    const bad = await admin.post('/realm/filters', {
      pattern: '(?P<id>[0-9]+',
      url_template: 'https://x.example/{id}',
    });
    expect(bad.body['msg']).toBe('Invalid linkifier pattern.');
    const missing = await admin.post('/realm/filters', {
      pattern: '#(?P<id>[0-9]+)',
      url_template: 'https://x.example/{num}',
    });
    expect(missing.body['msg']).toBe('Group "num" in URL template is not present in linkifier pattern.');
  });
});
