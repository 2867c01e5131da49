import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { expectError, loginRole, openQueue, registered, type Client } from './records-support';
import type { Obj } from './support';

let server: RunningDevServer;
let admin: Client;
let member: Client;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  admin = await loginRole(server, 200);
  member = await loginRole(server, 400);
});
afterAll(() => server.stop());

const playground = (url_template: string, name = 'Play', pygments_language = 'Python'): Obj => ({
  name,
  pygments_language,
  url_template,
});

describe('code playgrounds', () => {
  it('are listed in register', async () => {
    const list = (await registered(member, 'realm_playgrounds')) as Obj[];
    expect(list.length).toBeGreaterThanOrEqual(2);
    for (const item of list)
      expect(Object.keys(item).sort()).toEqual(['id', 'name', 'pygments_language', 'url_template']);
  });

  it('POST adds one (administrators only) and everyone gets the full new list', async () => {
    expectError(
      await member.post('/realm/playgrounds', playground('https://p.example/{code}')),
      400,
      'UNAUTHORIZED_PRINCIPAL',
      'Must be an organization administrator',
    );
    const queue = await openQueue(member);
    const { id } = await admin.ok(
      'POST',
      '/realm/playgrounds',
      playground('https://go.example/run{?code}', 'Go run', 'Go'),
    );
    const [event] = await queue.drainTypes('realm_playgrounds');
    expect(event!['realm_playgrounds']).toContainEqual({
      id,
      name: 'Go run',
      pygments_language: 'Go',
      url_template: 'https://go.example/run{?code}',
    });
    expect(event!['realm_playgrounds']).toEqual(await registered(member, 'realm_playgrounds'));
  });

  it('accepts only RFC 6570 templates whose one variable is code', async () => {
    const post = (template: string, name = 'T') => admin.post('/realm/playgrounds', playground(template, name));
    expectError(await post('https://p.example/{code'), 400, 'BAD_REQUEST', 'Invalid URL template.');
    expectError(await post('https://p.example/{co de}'), 400, 'BAD_REQUEST', 'Invalid URL template.');
    expectError(await post('https://p.example/{=code}'), 400, 'BAD_REQUEST', 'Invalid URL template.');
    expectError(await post('https://p.example/%zz{code}'), 400, 'BAD_REQUEST', 'Invalid URL template.');
    expectError(await post('not a url {code}'), 400, 'BAD_REQUEST', 'Invalid URL template.');
    expectError(
      await post('https://p.example/{snippet}'),
      400,
      'BAD_REQUEST',
      'Missing the required variable "code" in the URL template',
    );
    expectError(
      await post('https://p.example/{lang}/{code}'),
      400,
      'BAD_REQUEST',
      '"code" should be the only variable present in the URL template',
    );
    expectError(await post('https://p.example/{code,lang}'), 400, 'BAD_REQUEST');
    for (const [template, name] of [
      ['https://p.example/#{code}', 'Fragment'],
      ['https://p.example/run?src={code}&again={code}', 'Twice'],
      ['https://p.example/{+code}', 'Reserved'],
      ['https://p.example/x{?code*}', 'Exploded'],
    ] as const) {
      await admin.ok('POST', '/realm/playgrounds', playground(template, name));
    }
  });

  it('checks the language and refuses duplicates', async () => {
    const res = await admin.post('/realm/playgrounds', playground('https://p.example/{code}', 'Bad', 'Py<thon>'));
    expectError(res, 400, 'BAD_REQUEST', 'Invalid characters in pygments language');
    await admin.ok('POST', '/realm/playgrounds', playground('https://p.example/{code}', 'Dup', 'Rust'));
    expectError(
      await admin.post('/realm/playgrounds', playground('https://q.example/{code}', 'Dup', 'Rust')),
      400,
      'BAD_REQUEST',
    );
    expectError(
      await admin.post('/realm/playgrounds', { name: 'x', pygments_language: 'C' }),
      400,
      'REQUEST_VARIABLE_MISSING',
    );
  });

  it('DELETE removes one (administrators only) with the new list; unknown IDs are refused', async () => {
    const { id } = await admin.ok('POST', '/realm/playgrounds', playground('https://p.example/{code}', 'Temp', 'Ruby'));
    expectError(await member.delete(`/realm/playgrounds/${id}`), 400, 'UNAUTHORIZED_PRINCIPAL');
    const queue = await openQueue(member);
    await admin.ok('DELETE', `/realm/playgrounds/${id}`);
    const [event] = await queue.drainTypes('realm_playgrounds');
    expect(event!['realm_playgrounds'].map((p: Obj) => p['id'])).not.toContain(id);
    expectError(await admin.delete(`/realm/playgrounds/${id}`), 400, 'BAD_REQUEST', 'Invalid playground');
  });
});
