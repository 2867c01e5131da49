/**
 * The organization's allowed sign-up domains: listed in register (realm_domains), added, changed
 * and removed by administrators, each change announced to everyone as a realm_domains event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { expectError, loginRole, openQueue, registered, type Client } from './records-support';

let server: RunningDevServer;
let admin: Client;
let member: Client;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  admin = await loginRole(server, 200);
  member = await loginRole(server, 400);
});
afterAll(() => server.stop());

describe('realm domains', () => {
  it('are added, changed and removed by administrators, with an event for each', async () => {
    expect(await registered(member, 'realm_domains')).toEqual([]);
    expectError(
      await member.post('/realm/domains', { domain: 'example.org' }),
      400,
      'UNAUTHORIZED_PRINCIPAL',
      'Must be an organization administrator',
    );
    const queue = await openQueue(member);
    const added = await admin.ok('POST', '/realm/domains', { domain: ' Example.ORG ', allow_subdomains: false });
    expect(added['new_domain']).toEqual([expect.any(Number), 'example.org']);
    await admin.ok('PATCH', '/realm/domains/example.org', { allow_subdomains: true });
    await admin.ok('DELETE', '/realm/domains/example.org');
    const events = await queue.drainTypes('realm_domains');
    expect(events.map(({ id: _id, ...e }) => e)).toEqual([
      { type: 'realm_domains', op: 'add', realm_domain: { domain: 'example.org', allow_subdomains: false } },
      { type: 'realm_domains', op: 'change', realm_domain: { domain: 'example.org', allow_subdomains: true } },
      { type: 'realm_domains', op: 'remove', domain: 'example.org' },
    ]);
    expect(await registered(member, 'realm_domains')).toEqual([]);
  });

  it('are listed in register and GET /realm/domains', async () => {
    await admin.ok('POST', '/realm/domains', { domain: 'parley.test', allow_subdomains: true });
    const list = [{ domain: 'parley.test', allow_subdomains: true }];
    expect(await registered(member, 'realm_domains')).toEqual(list);
    expect((await member.ok('GET', '/realm/domains'))['domains']).toEqual(list);
  });

  it('refuse a bad, duplicate or unknown domain in words', async () => {
    const add = (domain: string) => admin.post('/realm/domains', { domain });
    expectError(await add('nodot'), 400, 'BAD_REQUEST', 'Invalid domain: Domain must have at least one dot (.)');
    expectError(await add('a..b'), 400, 'BAD_REQUEST', "Invalid domain: Consecutive '.' are not allowed.");
    expectError(await add('-a.b'), 400, 'BAD_REQUEST', "Invalid domain: Subdomains cannot start or end with a '-'.");
    expectError(
      await add('a_b.c'),
      400,
      'BAD_REQUEST',
      "Invalid domain: Domain can only have letters, numbers, '.' and '-'s.",
    );
    expectError(
      await add('parley.test'),
      400,
      'BAD_REQUEST',
      'The domain parley.test is already a part of your organization.',
    );
    expectError(
      await admin.delete('/realm/domains/nowhere.test'),
      400,
      'BAD_REQUEST',
      'No entry found for domain: nowhere.test.',
    );
    expectError(
      await admin.call('PATCH', '/realm/domains/nowhere.test', { allow_subdomains: true }),
      400,
      'BAD_REQUEST',
    );
  });
});
