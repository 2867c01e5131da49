import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { login, type Api, type Obj } from './support';

let server: RunningDevServer;
let member: Api & { userId: number };

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  member = await login(server, server.byRole(400));
});
afterAll(() => server.stop());

async function content(id: number): Promise<string> {
  const body = await member.ok('GET', '/messages', { message_ids: [id], apply_markdown: false });
  return body['messages'][0]['content'];
}

describe('request bodies', () => {
  it('accepts urlencoded and multipart bodies alike, UTF-8 included', async () => {
    const text = 'Grüße — ✔ 数据 & more';
    const encoded = await member.ok('POST', '/messages', {
      type: 'channel',
      to: 'general',
      topic: 'bodies',
      content: text,
    });
    const multipart = await member.ok(
      'POST',
      '/messages',
      { type: 'channel', to: 'general', topic: 'bodies', content: text },
      { multipart: true },
    );
    expect(await content(encoded['id'])).toBe(text);
    expect(await content(multipart['id'])).toBe(text);
  });

  it('reads JSON-encoded parameters from multipart bodies too', async () => {
    const res = await member.ok(
      'POST',
      '/messages',
      { type: 'direct', to: [member.userId], content: 'note to self' },
      { multipart: true },
    );
    const body = await member.ok('GET', '/messages', { message_ids: [res['id']] });
    expect(body['messages'][0]['display_recipient'].map((r: Obj) => r['id'])).toEqual([member.userId]);
  });

  it('rejects a malformed multipart body with BAD_REQUEST', async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'multipart/form-data; boundary=xyz',
        authorization: `Basic ${Buffer.from(`${member.auth!.email}:${member.auth!.apiKey}`).toString('base64')}`,
      },
      body: 'this is not multipart',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
  });

  it('lists parameters a route does not read as ignored_parameters_unsupported', async () => {
    const body = await member.ok('POST', '/messages', {
      type: 'channel',
      to: 'general',
      topic: 'bodies',
      content: 'x',
      sparkle: true,
      zeta: 'z',
    });
    expect(body['ignored_parameters_unsupported']).toEqual(['sparkle', 'zeta']);
    const clean = await member.ok('POST', '/messages', {
      type: 'channel',
      to: 'general',
      topic: 'bodies',
      content: 'y',
    });
    expect(clean).not.toHaveProperty('ignored_parameters_unsupported');
    const get = await member.ok('GET', '/users/me', { unknown_flag: true });
    expect(get['ignored_parameters_unsupported']).toEqual(['unknown_flag']);
  });

  it('reports wrongly typed JSON parameters by name', async () => {
    const res = await member.post('/messages', {
      type: 'channel',
      to: 'general',
      topic: 'bodies',
      content: 'x',
      read_by_sender: 'maybe',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'read_by_sender is not valid JSON' });
    const notBool = await member.post('/messages', {
      type: 'channel',
      to: 'general',
      topic: 'bodies',
      content: 'x',
      read_by_sender: 1,
    });
    expect(notBool.body['msg']).toBe('read_by_sender is not a boolean');
    const notList = await member.get('/users', { user_ids: 5 });
    expect(notList.body['msg']).toBe('user_ids is not a list');
  });

  it('takes DELETE parameters from the query string as well as the body', async () => {
    for (const where of ['query', 'body'] as const) {
      const queue = (await member.ok('POST', '/register', { event_types: ['message'] }))['queue_id'];
      const url = new URL(`${server.baseUrl}/api/v1/events`);
      if (where === 'query') url.searchParams.set('queue_id', queue);
      const res = await fetch(url, {
        method: 'DELETE',
        headers: {
          authorization: `Basic ${Buffer.from(`${member.auth!.email}:${member.auth!.apiKey}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        ...(where === 'body' ? { body: `queue_id=${queue}` } : {}),
      });
      expect(res.status).toBe(200);
      expect((await member.get('/events', { queue_id: queue, dont_block: true })).body['code']).toBe(
        'BAD_EVENT_QUEUE_ID',
      );
    }
  });
});
