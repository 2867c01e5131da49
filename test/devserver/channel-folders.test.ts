import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { openQueue } from './queue_support';
import { login, type Api, type Obj } from './support';

type Client = Api & { userId: number; email: string };
let server: RunningDevServer;
let admin: Client;
let member: Client;

beforeAll(async () => {
  server = await startDevServer({ seed: 'empty' });
  admin = await login(server, server.byRole(100));
});
afterAll(() => server.stop());

async function errorOf(res: Promise<{ status: number; body: Obj }>) {
  const { status, body } = await res;
  return { status, code: body['code'], msg: body['msg'] };
}

describe('channel folders', () => {
  it('creates folders in order with rendered descriptions and add events', async () => {
    const queue = await openQueue(admin, { event_types: ['channel_folder'] });
    const first = await admin.ok('POST', '/channel_folders/create', { name: 'Frontend', description: 'UI **work**' });
    const second = await admin.ok('POST', '/channel_folders/create', { name: 'Backend', description: '' });
    const events = await queue.take();
    expect(events.map((e) => [e['type'], e['op']])).toEqual([
      ['channel_folder', 'add'],
      ['channel_folder', 'add'],
    ]);
    expect(events[0]!['channel_folder']).toMatchObject({
      id: first['channel_folder_id'],
      name: 'Frontend',
      description: 'UI **work**',
      rendered_description: '<p>UI <strong>work</strong></p>',
      creator_id: admin.userId,
      order: 0,
      is_archived: false,
    });
    expect(events[1]!['channel_folder']).toMatchObject({ id: second['channel_folder_id'], order: 1 });
    const listed = await admin.ok('GET', '/channel_folders');
    expect(listed['channel_folders'].map((f: Obj) => f['name'])).toEqual(['Frontend', 'Backend']);
    const registered = await admin.ok('POST', '/register', { fetch_event_types: ['channel_folders'] });
    expect(registered['channel_folders'].map((f: Obj) => f['name'])).toEqual(['Frontend', 'Backend']);
  });

  it('refuses blank, duplicate and over-long names and a missing description', async () => {
    expect(await errorOf(admin.post('/channel_folders/create', { name: ' ', description: '' }))).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      msg: "Channel folder name can't be empty.",
    });
    expect((await errorOf(admin.post('/channel_folders/create', { name: 'frontend', description: '' }))).msg).toBe(
      'Channel folder name already in use',
    );
    expect((await errorOf(admin.post('/channel_folders/create', { name: 'x'.repeat(61), description: '' }))).msg).toBe(
      'name is too long (limit: 60 characters)',
    );
    const missing = await admin.post('/channel_folders/create', { name: 'No description' });
    expect(missing.body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'description' });
  });

  it('updates, archives and reorders folders with update and reorder events', async () => {
    const folders = (await admin.ok('GET', '/channel_folders'))['channel_folders'] as Obj[];
    const [frontend, backend] = folders.map((f) => f['id'] as number);
    const queue = await openQueue(admin, { event_types: ['channel_folder'] });
    await admin.ok('PATCH', `/channel_folders/${backend}`, { name: 'Servers', description: 'APIs' });
    await admin.ok('PATCH', `/channel_folders/${backend}`, { is_archived: true });
    await admin.ok('PATCH', '/channel_folders', { order: [backend, frontend] });
    expect(await queue.take()).toEqual([
      expect.objectContaining({
        op: 'update',
        channel_folder_id: backend,
        data: { name: 'Servers', description: 'APIs', rendered_description: '<p>APIs</p>' },
      }),
      expect.objectContaining({ op: 'update', channel_folder_id: backend, data: { is_archived: true } }),
      expect.objectContaining({ op: 'reorder', order: [backend, frontend] }),
    ]);
    expect((await admin.ok('GET', '/channel_folders'))['channel_folders'].map((f: Obj) => f['id'])).toEqual([frontend]);
    const all = await admin.ok('GET', '/channel_folders', { include_archived: true });
    expect(all['channel_folders'].map((f: Obj) => [f['id'], f['order']])).toEqual([
      [backend, 0],
      [frontend, 1],
    ]);
    expect((await errorOf(admin.call('PATCH', '/channel_folders/999', { name: 'x' }))).msg).toBe(
      'Invalid channel folder ID',
    );
    expect((await errorOf(admin.call('PATCH', '/channel_folders', { order: [frontend] }))).msg).toBe(
      'Invalid order mapping',
    );
  });

  it('will not archive a folder that still holds a channel', async () => {
    const folder = await admin.ok('POST', '/channel_folders/create', { name: 'Busy', description: '' });
    await admin.ok('POST', '/channels/create', {
      name: 'busy-channel',
      subscribers: [],
      folder_id: folder['channel_folder_id'],
    });
    const res = await errorOf(
      admin.call('PATCH', `/channel_folders/${folder['channel_folder_id']}`, { is_archived: true }),
    );
    expect(res.msg).toBe('You need to remove all the channels from this folder to archive it.');
  });
});

describe('channel folders: permissions', () => {
  it('are administrators only (UNAUTHORIZED_PRINCIPAL)', async () => {
    const demo = await startDevServer({ seed: 'demo' });
    try {
      member = await login(demo, demo.byRole(400));
      const res = await errorOf(member.post('/channel_folders/create', { name: 'Mine', description: '' }));
      expect(res).toEqual({
        status: 400,
        code: 'UNAUTHORIZED_PRINCIPAL',
        msg: 'Must be an organization administrator',
      });
      const moderator = await login(demo, demo.byRole(300));
      expect((await errorOf(moderator.call('PATCH', '/channel_folders', { order: [] }))).code).toBe(
        'UNAUTHORIZED_PRINCIPAL',
      );
      // Everyone may read them.
      expect((await member.ok('GET', '/channel_folders'))['channel_folders']).toEqual(expect.any(Array));
    } finally {
      await demo.stop();
    }
  });
});
