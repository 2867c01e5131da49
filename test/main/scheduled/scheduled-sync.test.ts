/**
 * Scheduled messages and reminders through the real sync loop against the dev server: this
 * client schedules through main/scheduled, another client of the same user acts over plain HTTP,
 * the server's clock moves on; the cache follows every step and equals what register says.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../main/api';
import { createLogger } from '../../../main/log';
import type { ActionContext } from '../../../main/records/channel-actions';
import { featureGates } from '../../../main/records/gates';
import * as scheduled from '../../../main/scheduled/scheduled';
import { AccountStore } from '../../../main/store/account-store';
import { systemClock } from '../../../main/sync/clock';
import type { Delta } from '../../../main/sync/deltas';
import { SyncEngine } from '../../../main/sync/engine';
import { apiForClient } from '../../../main/sync/sync-api';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { faults } from '../../helpers/devserverFaults';
import { tempDir } from '../store/fixtures';
import { freshRegister, person, raw, type Person } from '../records/support';

const log = createLogger({ name: 'scheduled-sync', sink: () => {} });

let dev: RunningDevServer;
let me: Person;
let other: Person;
let store: AccountStore;
let engine: SyncEngine;
let ctx: ActionContext;
let generalId: number;
const deltas: Delta[] = [];

const until = (check: () => unknown) => expect.poll(check, { timeout: 10_000 }).toBeTruthy();
const advance = (seconds: number) =>
  faults(dev).call('POST', '/clock', { advance_seconds: seconds }) as Promise<{ now: number }>;

beforeAll(async () => {
  dev = await startDevServer({ faults: true });
  const members = dev.users.filter((u) => u.role === 400);
  me = await person(dev, members[0]!);
  other = await person(dev, members[1]!);
  store = AccountStore.open(join(tempDir(), 'scheduled.sqlite'));
  let live = false;
  engine = new SyncEngine({
    store,
    api: apiForClient(me.client),
    clock: systemClock,
    log,
    selfUserId: me.userId,
    onStatus: (s) => (live ||= s.state === 'live'),
    onDeltas: (d) => deltas.push(...d),
    onRegistered: async () => {},
  });
  engine.start();
  for (let waited = 0; !live; waited += 20) {
    if (waited > 10_000) throw new Error('the sync loop never went live');
    await new Promise((r) => setTimeout(r, 20));
  }
  const featureLevel = store.syncState.get()?.featureLevel ?? 0;
  ctx = { client: me.client, store, selfUserId: me.userId, featureLevel, gates: featureGates(featureLevel, store) };
  generalId = Number((await raw(me, 'GET', '/get_stream_id', { stream: 'general' }))['stream_id']);
});
afterAll(async () => {
  await engine?.stop();
  store?.close();
  await dev?.stop();
});

describe('scheduled messages in the cache', () => {
  it('schedule, edit elsewhere, send at its time: the list follows each event, with names', async () => {
    const { now } = await advance(0);
    const { id } = await scheduled.schedule(ctx, {
      accountId: 'a',
      to: { kind: 'channel', channelId: generalId, topic: 'later' },
      content: 'see you **soon**',
      at: now + 3600,
    });
    await until(() => scheduled.listScheduled(store).messages.some((m) => m.id === id));
    expect(scheduled.listScheduled(store).messages.find((m) => m.id === id)).toEqual({
      id,
      to: { kind: 'channel', channelId: generalId, channelName: 'general', topic: 'later' },
      content: 'see you **soon**',
      renderedContent: '<p>see you <strong>soon</strong></p>',
      deliverAt: now + 3600,
      failed: false,
    });
    expect(deltas).toContainEqual({ kind: 'recordsChanged', areas: ['scheduled'] });

    // The same user's other client (a second Parley, the web app) changes it.
    const otherClient = await person(
      dev,
      dev.users.find((u) => u.userId === me.userId)!,
    );
    await raw(otherClient, 'PATCH', `/scheduled_messages/${id}`, { content: 'changed' });
    await until(() => scheduled.listScheduled(store).messages.find((m) => m.id === id)?.content === 'changed');

    // A DM is listed with the names of its people.
    const dm = await scheduled.schedule(ctx, {
      accountId: 'a',
      to: { kind: 'dm', userIds: [other.userId] },
      content: 'psst',
      at: now + 60,
    });
    await until(() => scheduled.listScheduled(store).messages.some((m) => m.id === dm.id));
    const otherName = dev.users.find((u) => u.userId === other.userId)!.fullName;
    expect(scheduled.listScheduled(store).messages.find((m) => m.id === dm.id)!.to).toEqual({
      kind: 'dm',
      userIds: [other.userId],
      names: [otherName],
    });
    // Soonest first.
    expect(scheduled.listScheduled(store).messages.map((m) => m.id)).toEqual([dm.id, id]);

    await scheduled.unschedule(ctx, dm.id);
    await until(() => !scheduled.listScheduled(store).messages.some((m) => m.id === dm.id));

    const before = deltas.length;
    await advance(3600);
    await until(() => scheduled.listScheduled(store).messages.length === 0);
    // And the message itself arrived as sent.
    await until(() => deltas.slice(before).some((d) => d.kind === 'messagesAdded'));
  });

  it('reminders: added and removed by events; register brings the same list to a new cache', async () => {
    const target = Number(
      (await raw(other, 'POST', '/messages', { type: 'channel', to: generalId, topic: 'r', content: 'remember me' }))[
        'id'
      ],
    );
    const { now } = await advance(0);
    const { id } = await scheduled.remind(ctx, { accountId: 'a', messageId: target, at: now + 600, note: 'follow up' });
    await until(() => scheduled.listScheduled(store).reminders.some((r) => r.id === id));
    const view = scheduled.listScheduled(store).reminders.find((r) => r.id === id)!;
    expect(view).toMatchObject({ messageId: target, deliverAt: now + 600, failed: false });
    expect(view.renderedContent).toContain('follow up');

    const fresh = await freshRegister(me, ['reminders', 'scheduled_messages']);
    expect((fresh['reminders'] as { reminder_id: number }[]).map((r) => r.reminder_id)).toEqual(
      scheduled.listScheduled(store).reminders.map((r) => r.id),
    );

    await scheduled.cancelReminder(ctx, id);
    await until(() => scheduled.listScheduled(store).reminders.length === 0);
  });

  it('the server refusal reaches the caller in its words; an old server is refused before any request', async () => {
    const { now } = await advance(0);
    const error = await scheduled
      .schedule(ctx, {
        accountId: 'a',
        to: { kind: 'channel', channelId: generalId, topic: 't' },
        content: 'x',
        at: now - 10,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Scheduled delivery time must be in the future.');
    const old = { ...ctx, gates: featureGates(100, store) };
    await expect(scheduled.remind(old, { accountId: 'a', messageId: 1, at: now + 60 })).rejects.toThrow(
      'This server does not support message reminders; it needs a newer Zulip version.',
    );
  });
});
