/**
 * Alert words on the dev server: GET/POST/DELETE /users/me/alert_words with their events, the
 * has_alert_word flag on messages that contain a receiver's word (sent or edited), and the
 * is:alerted narrow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { expectError, fetchMessage, freshTopic, loginRole, openQueue, type Client } from './messages-support';
import { ids, sendToChannel } from './support';

let server: RunningDevServer;
let noah: Client;
let priya: Client;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  noah = await loginRole(server, 400, 0);
  priya = await loginRole(server, 400, 1);
});
afterAll(() => server.stop());

const flagsOf = async (api: Client, id: number): Promise<string[]> => (await fetchMessage(api, id))['flags'];

describe('/users/me/alert_words', () => {
  it('adds trimmed words once each, whatever their case, and tells every client of the user', async () => {
    expect(await noah.ok('GET', '/users/me/alert_words')).toMatchObject({ alert_words: [] });
    const mine = [await openQueue(noah), await openQueue(noah)];
    const other = await openQueue(priya);

    const added = await noah.ok('POST', '/users/me/alert_words', { alert_words: [' Launch ', '\n', 'code red'] });
    expect(added['alert_words']).toEqual(['Launch', 'code red']);
    const again = await noah.ok('POST', '/users/me/alert_words', { alert_words: ['LAUNCH', 'beta', 'Beta'] });
    expect(again['alert_words']).toEqual(['Launch', 'code red', 'beta']);

    for (const queue of mine) {
      expect(await queue.drainTypes('alert_words')).toEqual([
        expect.objectContaining({ type: 'alert_words', alert_words: ['Launch', 'code red'] }),
        expect.objectContaining({ type: 'alert_words', alert_words: ['Launch', 'code red', 'beta'] }),
      ]);
    }
    expect(await other.drainTypes('alert_words')).toEqual([]);
    const reg = await noah.ok('POST', '/register', { fetch_event_types: ['alert_words'] });
    expect(reg['alert_words']).toEqual(['Launch', 'code red', 'beta']);
    expect((await priya.ok('GET', '/users/me/alert_words'))['alert_words']).toEqual([]);
  });

  it('removes words without regard to case and ignores unknown ones', async () => {
    const queue = await openQueue(noah);
    const body = await noah.ok('DELETE', '/users/me/alert_words', { alert_words: ['BETA', 'never added'] });
    expect(body['alert_words']).toEqual(['Launch', 'code red']);
    expect(await queue.drainTypes('alert_words')).toEqual([
      expect.objectContaining({ alert_words: ['Launch', 'code red'] }),
    ]);
  });

  it('refuses a word over 100 characters and a missing list, changing nothing', async () => {
    expectError(
      await noah.post('/users/me/alert_words', { alert_words: ['ok', 'x'.repeat(101)] }),
      'BAD_REQUEST',
      'alert_words[1] is too long (limit: 100 characters)',
    );
    expectError(await noah.post('/users/me/alert_words', {}), 'REQUEST_VARIABLE_MISSING');
    expectError(await noah.delete('/users/me/alert_words', { alert_words: 'Launch' }), 'BAD_REQUEST');
    expect((await noah.ok('GET', '/users/me/alert_words'))['alert_words']).toEqual(['Launch', 'code red']);
  });
});

describe('has_alert_word', () => {
  it('flags messages where a receiver’s word stands alone, for that receiver only', async () => {
    const topic = freshTopic('alerts');
    const queue = await openQueue(noah);
    const cases: Array<[string, boolean]> = [
      ['Ready for the launch?', true],
      ['LAUNCH. Now.', true],
      ['(launch) and "code red"', true],
      ['a multi word: code red!', true],
      ['relaunching is not it', false],
      ['see http://example.com/launch for it', false],
      ['```\nlaunch\n```', false],
    ];
    for (const [content, alerted] of cases) {
      const id = await sendToChannel(priya, 'general', topic, content);
      expect(await flagsOf(noah, id), content).toEqual(
        alerted ? expect.arrayContaining(['has_alert_word']) : expect.not.arrayContaining(['has_alert_word']),
      );
      expect(await flagsOf(priya, id)).not.toContain('has_alert_word');
    }
    const events = await queue.drainTypes('message');
    expect(events.map((e) => e['flags'].includes('has_alert_word'))).toEqual(cases.map(([, alerted]) => alerted));
  });

  it('flags a direct message, and the sender’s own message with their own word, as Zulip does', async () => {
    const dm = (await priya.ok('POST', '/messages', { type: 'direct', to: [noah.userId], content: 'launch soon' }))[
      'id'
    ];
    expect(await flagsOf(noah, dm)).toContain('has_alert_word');
    const own = await sendToChannel(noah, 'general', freshTopic('own'), 'my launch notes');
    expect(await flagsOf(noah, own)).toContain('has_alert_word');
  });

  it('recomputes the flag when the content is edited', async () => {
    const id = await sendToChannel(priya, 'general', freshTopic('edit'), 'nothing yet');
    const queue = await openQueue(noah);
    await priya.ok('PATCH', `/messages/${id}`, { content: 'now the launch' });
    expect(await flagsOf(noah, id)).toContain('has_alert_word');
    await priya.ok('PATCH', `/messages/${id}`, { content: 'false alarm' });
    expect(await flagsOf(noah, id)).not.toContain('has_alert_word');
    const updates = await queue.drainTypes('update_message');
    expect(updates.map((e) => e['flags'].includes('has_alert_word'))).toEqual([true, false]);
  });

  it('leaves messages sent before a word was added alone', async () => {
    const id = await sendToChannel(priya, 'general', freshTopic('before'), 'zeppelin sighted');
    await noah.ok('POST', '/users/me/alert_words', { alert_words: ['zeppelin'] });
    expect(await flagsOf(noah, id)).not.toContain('has_alert_word');
    const later = await sendToChannel(priya, 'general', freshTopic('after'), 'zeppelin again');
    expect(await flagsOf(noah, later)).toContain('has_alert_word');
  });

  it('is:alerted narrows to the flagged messages', async () => {
    const topic = freshTopic('narrow');
    const hit = await sendToChannel(priya, 'general', topic, 'code red in prod');
    const miss = await sendToChannel(priya, 'general', topic, 'all quiet');
    const narrow = [
      { operator: 'is', operand: 'alerted' },
      { operator: 'topic', operand: topic },
    ];
    const body = await noah.ok('GET', '/messages', { anchor: 'newest', num_before: 50, num_after: 0, narrow });
    expect(ids(body['messages'])).toEqual([hit]);
    expect(ids(body['messages'])).not.toContain(miss);
    const none = await priya.ok('GET', '/messages', { anchor: 'newest', num_before: 50, num_after: 0, narrow });
    expect(none['messages']).toEqual([]);
  });
});
