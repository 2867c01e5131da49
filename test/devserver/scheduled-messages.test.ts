import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { faults, type FaultControl } from '../helpers/devserverFaults';
import { expectError, loginRole, openQueue, registered, type Client } from './records-support';
import { sendToChannel, type Obj } from './support';

let server: RunningDevServer;
let control: FaultControl;
let owner: Client;
let member: Client;
let generalId: number;

/** Moves the server's clock on; answers how many scheduled items it then tried to deliver. */
async function advance(seconds: number): Promise<{ now: number; delivered: number }> {
  return (await control.call('POST', '/clock', { advance_seconds: seconds })) as { now: number; delivered: number };
}

async function serverNow(): Promise<number> {
  return (await advance(0)).now;
}

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo', faults: true });
  control = faults(server);
  owner = await loginRole(server, 100);
  member = await loginRole(server, 400);
  const channels = (await owner.ok('GET', '/streams'))['streams'] as Obj[];
  generalId = channels.find((c) => c['name'] === 'general')!['stream_id'] as number;
});
afterAll(() => server.stop());

describe('scheduled messages', () => {
  it('holds a channel message until its time, then sends it and removes it, with events to every client of the sender', async () => {
    const [first, second, theirs] = await Promise.all([openQueue(owner), openQueue(owner), openQueue(member)]);
    const at = (await serverNow()) + 3600;
    const body = await owner.ok('POST', '/scheduled_messages', {
      type: 'channel',
      to: generalId,
      topic: 'later',
      content: 'Sent **later**',
      scheduled_delivery_timestamp: at,
    });
    const id = body['scheduled_message_id'] as number;
    const expected = {
      scheduled_message_id: id,
      type: 'stream',
      to: generalId,
      topic: 'later',
      content: 'Sent **later**',
      rendered_content: '<p>Sent <strong>later</strong></p>',
      scheduled_delivery_timestamp: at,
      failed: false,
    };
    for (const queue of [first, second]) {
      expect(await queue.drainTypes('scheduled_messages')).toEqual([
        expect.objectContaining({ op: 'add', scheduled_messages: [expected] }),
      ]);
    }
    expect(await theirs.drainTypes('scheduled_messages')).toEqual([]);
    expect((await owner.ok('GET', '/scheduled_messages'))['scheduled_messages']).toEqual([expected]);
    expect(await registered(owner, 'scheduled_messages')).toEqual([expected]);

    // Not yet: nothing is sent a minute early.
    await advance(3540);
    expect(await theirs.drainTypes('message')).toEqual([]);
    const { delivered } = await advance(60);
    expect(delivered).toBe(1);
    const [sent] = await theirs.drainTypes('message');
    // These queues did not ask for apply_markdown: the Markdown source arrives.
    expect(sent!['message']).toMatchObject({ content: 'Sent **later**', subject: 'later', sender_id: owner.userId });
    expect(await first.drainTypes('scheduled_messages')).toEqual([
      expect.objectContaining({ op: 'remove', scheduled_message_id: id }),
    ]);
    expect((await owner.ok('GET', '/scheduled_messages'))['scheduled_messages']).toEqual([]);
  });

  it('edits and cancels, with update and remove events; a sent or unknown one is refused in Zulip words', async () => {
    const queue = await openQueue(owner);
    const at = (await serverNow()) + 600;
    const id = (
      await owner.ok('POST', '/scheduled_messages', {
        type: 'direct',
        to: [member.userId],
        content: 'hi',
        scheduled_delivery_timestamp: at,
      })
    )['scheduled_message_id'] as number;
    await owner.ok('PATCH', `/scheduled_messages/${id}`, { content: 'hello', scheduled_delivery_timestamp: at + 60 });
    const events = await queue.drainTypes('scheduled_messages');
    expect(events.map((e) => e['op'])).toEqual(['add', 'update']);
    expect(events[1]!['scheduled_message']).toMatchObject({
      to: [member.userId],
      type: 'private',
      content: 'hello',
      scheduled_delivery_timestamp: at + 60,
    });
    await owner.ok('DELETE', `/scheduled_messages/${id}`);
    expect(await queue.drainTypes('scheduled_messages')).toEqual([
      expect.objectContaining({ op: 'remove', scheduled_message_id: id }),
    ]);
    expectError(
      await owner.delete(`/scheduled_messages/${id}`),
      404,
      'BAD_REQUEST',
      'Scheduled message does not exist',
    );
    expectError(
      await owner.call('PATCH', `/scheduled_messages/${id}`, { content: 'x' }),
      404,
      'BAD_REQUEST',
      'Scheduled message does not exist',
    );
  });

  it('refuses a time in the past and a destination a message could not go to', async () => {
    const now = await serverNow();
    const base = { type: 'channel', to: generalId, topic: 't', content: 'x' };
    expectError(
      await owner.post('/scheduled_messages', { ...base, scheduled_delivery_timestamp: now - 5 }),
      400,
      'BAD_REQUEST',
      'Scheduled delivery time must be in the future.',
    );
    expectError(
      await owner.post('/scheduled_messages', { ...base, to: 99999, scheduled_delivery_timestamp: now + 60 }),
      400,
      'STREAM_DOES_NOT_EXIST',
    );
    expectError(
      await owner.post('/scheduled_messages', {
        type: 'direct',
        to: [99999],
        content: 'x',
        scheduled_delivery_timestamp: now + 60,
      }),
      400,
      'BAD_REQUEST',
      'Invalid user ID 99999',
    );
  });

  it('a message due more than ten minutes ago fails: kept with failed true, and the Notification Bot says why', async () => {
    const queue = await openQueue(owner);
    const at = (await serverNow()) + 60;
    const id = (
      await owner.ok('POST', '/scheduled_messages', {
        ...{ type: 'channel', to: generalId, topic: 'late' },
        content: 'late',
        scheduled_delivery_timestamp: at,
      })
    )['scheduled_message_id'] as number;
    await advance(60 + 11 * 60);
    const events = await queue.drainTypes('scheduled_messages', 'message');
    const update = events.find((e) => e['type'] === 'scheduled_messages' && e['op'] === 'update');
    expect(update!['scheduled_message']).toMatchObject({ scheduled_message_id: id, failed: true });
    const notice = events.find((e) => e['type'] === 'message');
    expect(notice!['message']['content']).toContain('Message could not be sent at the scheduled time.');
    const listed = (await owner.ok('GET', '/scheduled_messages'))['scheduled_messages'] as Obj[];
    expect(listed.find((m) => m['scheduled_message_id'] === id)).toMatchObject({ failed: true });
    // Editing a failed one needs a new time.
    expectError(
      await owner.call('PATCH', `/scheduled_messages/${id}`, { content: 'again' }),
      400,
      'BAD_REQUEST',
      'Scheduled delivery time must be in the future.',
    );
    await owner.ok('DELETE', `/scheduled_messages/${id}`);
  });
});

describe('reminders', () => {
  it('POST /reminders holds a reminder; at its time the Notification Bot quotes the message to the user alone', async () => {
    const target = await sendToChannel(member, 'general', 'plans', 'Ship it on **Friday**');
    const [mine, theirs] = await Promise.all([openQueue(owner), openQueue(member)]);
    const at = (await serverNow()) + 7200;
    const id = (
      await owner.ok('POST', '/reminders', { message_id: target, scheduled_delivery_timestamp: at, note: 'check' })
    )['reminder_id'] as number;
    const [added] = await mine.drainTypes('reminders');
    expect(added).toMatchObject({
      op: 'add',
      reminders: [
        {
          reminder_id: id,
          type: 'private',
          to: [owner.userId],
          scheduled_delivery_timestamp: at,
          failed: false,
          reminder_target_message_id: target,
        },
      ],
    });
    expect(await registered(owner, 'reminders')).toEqual(added!['reminders']);
    expect((await owner.ok('GET', '/reminders'))['reminders']).toEqual(added!['reminders']);

    await advance(7200);
    const events = await mine.drainTypes('reminders', 'message');
    expect(events.find((e) => e['type'] === 'reminders')).toMatchObject({ op: 'remove', reminder_id: id });
    const message = events.find((e) => e['type'] === 'message')!['message'];
    expect(message['sender_email']).toMatch(/notification-bot/);
    // A DM between the bot and the user alone.
    const people = message['display_recipient'].map((r: Obj) => r['id']);
    expect(people).toHaveLength(2);
    expect(people).toContain(owner.userId);
    expect(people).toContain(message['sender_id']);
    expect(message['content']).toContain('You requested a reminder for the following message. Note:');
    expect(message['content']).toContain('```quote\nShip it on **Friday**\n```');
    expect(message['content']).toContain(`/near/${target}`);
    expect(await theirs.drainTypes('message')).toEqual([]);
    expect((await owner.ok('GET', '/reminders'))['reminders']).toEqual([]);
  });

  it('cancels with a remove event; unknown IDs, messages and long notes are refused as Zulip does', async () => {
    const target = await sendToChannel(owner, 'general', 'plans', 'x');
    const at = (await serverNow()) + 60;
    const id = (await owner.ok('POST', '/reminders', { message_id: target, scheduled_delivery_timestamp: at }))[
      'reminder_id'
    ] as number;
    const queue = await openQueue(owner);
    await owner.ok('DELETE', `/reminders/${id}`);
    expect(await queue.drainTypes('reminders')).toEqual([expect.objectContaining({ op: 'remove', reminder_id: id })]);
    expectError(await owner.delete(`/reminders/${id}`), 404, 'BAD_REQUEST', 'Reminder does not exist');
    expectError(
      await owner.post('/reminders', { message_id: 99999999, scheduled_delivery_timestamp: at }),
      400,
      'BAD_REQUEST',
      'Invalid message(s)',
    );
    expectError(
      await owner.post('/reminders', { message_id: target, scheduled_delivery_timestamp: at, note: 'n'.repeat(1001) }),
      400,
      'BAD_REQUEST',
      'Maximum reminder note length: 1000 characters',
    );
  });
});
