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

describe('saved snippets', () => {
  it('lists the seeded ones in register and GET /saved_snippets', async () => {
    const listed = (await owner.ok('GET', '/saved_snippets'))['saved_snippets'] as Obj[];
    expect(listed.length).toBeGreaterThanOrEqual(2);
    for (const snippet of listed) {
      expect(Object.keys(snippet).sort()).toEqual(['content', 'date_created', 'id', 'title']);
    }
    expect(await registered(owner, 'saved_snippets')).toEqual(listed);
  });

  it('POST trims and stores a snippet, and every client of the owner hears of it', async () => {
    const [mine, theirs] = await Promise.all([openQueue(owner), openQueue(member)]);
    const body = await owner.ok('POST', '/saved_snippets', { title: '  Greeting ', content: ' Hi **there** \n' });
    const id = body['saved_snippet_id'] as number;
    const [event] = await mine.drainTypes('saved_snippets');
    expect(event).toMatchObject({
      op: 'add',
      saved_snippet: { id, title: 'Greeting', content: 'Hi **there**', date_created: expect.any(Number) },
    });
    expect(await theirs.drainTypes('saved_snippets')).toEqual([]);
    const listed = (await owner.ok('GET', '/saved_snippets'))['saved_snippets'] as Obj[];
    expect(listed.find((s) => s['id'] === id)).toEqual(event!['saved_snippet']);
  });

  it('refuses empty titles or content and missing parameters', async () => {
    expectError(
      await owner.post('/saved_snippets', { title: '   ', content: 'x' }),
      400,
      'BAD_REQUEST',
      'Title cannot be empty.',
    );
    expectError(
      await owner.post('/saved_snippets', { title: 'x', content: '' }),
      400,
      'BAD_REQUEST',
      'Content cannot be empty.',
    );
    expectError(await owner.post('/saved_snippets', { title: 'x' }), 400, 'REQUEST_VARIABLE_MISSING');
    expectError(await owner.post('/saved_snippets', { title: 'x'.repeat(61), content: 'y' }), 400, 'BAD_REQUEST');
  });

  it('PATCH edits title or content with an update event; an unknown or foreign ID is 404', async () => {
    const id = (await owner.ok('POST', '/saved_snippets', { title: 'Old', content: 'old text' }))['saved_snippet_id'];
    const queue = await openQueue(owner);
    await owner.ok('PATCH', `/saved_snippets/${id}`, { content: 'new text' });
    expect(await queue.drainTypes('saved_snippets')).toMatchObject([
      { op: 'update', saved_snippet: { id, title: 'Old', content: 'new text' } },
    ]);
    // Nothing to change: success, and no event.
    await owner.ok('PATCH', `/saved_snippets/${id}`, {});
    expect(await queue.drainTypes('saved_snippets')).toEqual([]);
    const missing = 'Saved snippet does not exist.';
    expectError(await member.call('PATCH', `/saved_snippets/${id}`, { title: 'Mine' }), 404, 'BAD_REQUEST', missing);
    expectError(await owner.call('PATCH', '/saved_snippets/999999', { title: 'x' }), 404, 'BAD_REQUEST', missing);
  });

  it('DELETE removes a snippet with a remove event; deleting again is 404', async () => {
    const id = (await owner.ok('POST', '/saved_snippets', { title: 'Temp', content: 'gone soon' }))['saved_snippet_id'];
    const queue = await openQueue(owner);
    expectError(await member.delete(`/saved_snippets/${id}`), 404, 'BAD_REQUEST', 'Saved snippet does not exist.');
    await owner.ok('DELETE', `/saved_snippets/${id}`);
    expect(await queue.drainTypes('saved_snippets')).toMatchObject([{ op: 'remove', saved_snippet_id: id }]);
    expectError(await owner.delete(`/saved_snippets/${id}`), 404, 'BAD_REQUEST', 'Saved snippet does not exist.');
    const listed = (await owner.ok('GET', '/saved_snippets'))['saved_snippets'] as Obj[];
    expect(listed.map((s) => s['id'])).not.toContain(id);
  });
});
