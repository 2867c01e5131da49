import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { expectError, loginRole, openQueue, registered, type Client } from './records-support';
import type { Obj } from './support';

let server: RunningDevServer;
let owner: Client;
let member: Client;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  owner = await loginRole(server, 100);
  member = await loginRole(server, 400);
});
afterAll(() => server.stop());

/** Fragments contain slashes, which travel percent-encoded in the path. */
const path = (fragment: string): string => `/navigation_views/${encodeURIComponent(fragment)}`;

describe('navigation views', () => {
  it('lists built-in and custom views in register and GET /navigation_views', async () => {
    const listed = (await owner.ok('GET', '/navigation_views'))['navigation_views'] as Obj[];
    expect(listed).toContainEqual({ fragment: 'inbox', is_pinned: true, name: null });
    expect(listed.some((view) => typeof view['name'] === 'string')).toBe(true);
    expect(await registered(owner, 'navigation_views')).toEqual(listed);
  });

  it('POST adds a custom view and configures a built-in one, with add events to the owner only', async () => {
    const [mine, theirs] = await Promise.all([openQueue(member), openQueue(owner)]);
    await member.ok('POST', '/navigation_views', { fragment: 'narrow/is/alerted', is_pinned: true, name: 'Alerts' });
    await member.ok('POST', '/navigation_views', { fragment: 'recent', is_pinned: false });
    expect(await mine.drainTypes('navigation_view')).toMatchObject([
      { op: 'add', navigation_view: { fragment: 'narrow/is/alerted', is_pinned: true, name: 'Alerts' } },
      { op: 'add', navigation_view: { fragment: 'recent', is_pinned: false, name: null } },
    ]);
    expect(await theirs.drainTypes('navigation_view')).toEqual([]);
  });

  it('POST refuses blank fragments, names on built-in views, unnamed custom views and duplicates', async () => {
    const post = (params: Obj) => member.post('/navigation_views', params);
    expectError(await post({ fragment: '  ', is_pinned: true }), 400, 'BAD_REQUEST', 'fragment cannot be blank');
    expectError(
      await post({ fragment: 'inbox', is_pinned: true, name: 'My inbox' }),
      400,
      'BAD_REQUEST',
      'Built-in views cannot have a custom name.',
    );
    expectError(await post({ fragment: 'narrow/is/unread', is_pinned: true }), 400, 'BAD_REQUEST');
    await member.ok('POST', '/navigation_views', { fragment: 'narrow/is/dm', is_pinned: false, name: 'DMs' });
    expectError(await post({ fragment: 'narrow/is/dm', is_pinned: true, name: 'Again' }), 400, 'BAD_REQUEST');
    expectError(await post({ fragment: 'narrow/is/unread', is_pinned: true, name: 'DMs' }), 400, 'BAD_REQUEST');
    expectError(await post({ fragment: 'feed' }), 400, 'REQUEST_VARIABLE_MISSING');
  });

  it('PATCH by percent-encoded fragment pins or renames, with an update event of the changed fields', async () => {
    await member.ok('POST', '/navigation_views', {
      fragment: 'narrow/is/followed',
      is_pinned: false,
      name: 'Followed',
    });
    const queue = await openQueue(member);
    await member.ok('PATCH', path('narrow/is/followed'), { is_pinned: true });
    await member.ok('PATCH', path('narrow/is/followed'), { name: 'Following' });
    expect(await queue.drainTypes('navigation_view')).toMatchObject([
      { op: 'update', fragment: 'narrow/is/followed', data: { is_pinned: true } },
      { op: 'update', fragment: 'narrow/is/followed', data: { name: 'Following' } },
    ]);
    const listed = (await member.ok('GET', '/navigation_views'))['navigation_views'] as Obj[];
    expect(listed).toContainEqual({ fragment: 'narrow/is/followed', is_pinned: true, name: 'Following' });
  });

  it('PATCH refuses names on built-in views and reports unknown fragments as 404 NOT_FOUND', async () => {
    expectError(
      await member.call('PATCH', path('recent'), { name: 'Recent stuff' }),
      400,
      'BAD_REQUEST',
      'Built-in views cannot have a custom name.',
    );
    expectError(
      await member.call('PATCH', path('narrow/is/nothing'), { is_pinned: true }),
      404,
      'NOT_FOUND',
      'Navigation view does not exist.',
    );
  });

  it('DELETE removes a view with a remove event; an unknown fragment is 404 BAD_REQUEST', async () => {
    await member.ok('POST', '/navigation_views', { fragment: 'narrow/has/link', is_pinned: true, name: 'Links' });
    const queue = await openQueue(member);
    await member.ok('DELETE', path('narrow/has/link'));
    expect(await queue.drainTypes('navigation_view')).toMatchObject([{ op: 'remove', fragment: 'narrow/has/link' }]);
    expectError(await member.delete(path('narrow/has/link')), 404, 'BAD_REQUEST', 'Navigation view does not exist.');
  });
});
