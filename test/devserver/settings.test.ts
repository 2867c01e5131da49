import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { expectError, loginRole, openQueue, registered, type Client } from './records-support';
import type { Obj } from './support';

let server: RunningDevServer;
let admin: Client;
let noah: Client;
let other: Client;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  admin = await loginRole(server, 200);
  noah = await loginRole(server, 400, 0);
  other = await loginRole(server, 400, 3);
});
afterAll(() => server.stop());

const MODERN = { client_capabilities: { user_settings_object: true } };

describe('PATCH /settings', () => {
  it('changes a display setting: user_settings to modern clients, the legacy event to old ones', async () => {
    const [modern, legacy, someoneElse] = await Promise.all([
      openQueue(noah, MODERN),
      openQueue(noah),
      openQueue(other, MODERN),
    ]);
    await noah.ok('PATCH', '/settings', { twenty_four_hour_time: true });
    expect(await modern.drain()).toMatchObject([
      { type: 'user_settings', op: 'update', property: 'twenty_four_hour_time', value: true },
    ]);
    const events = await legacy.drain();
    expect(events.map((e) => e['type']).sort()).toEqual(['update_display_settings', 'user_settings']);
    expect(events.find((e) => e['type'] === 'update_display_settings')).toMatchObject({
      user: noah.email,
      setting_name: 'twenty_four_hour_time',
      setting: true,
    });
    expect(await someoneElse.drain()).toEqual([]);
    expect(((await registered(noah, 'user_settings')) as Obj)['twenty_four_hour_time']).toBe(true);
  });

  it('sends update_global_notifications for notification settings and language_name for the language', async () => {
    const legacy = await openQueue(noah);
    await noah.ok('PATCH', '/settings', { enable_sounds: false, default_language: 'de' });
    const events = await legacy.drain();
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'update_global_notifications',
        notification_name: 'enable_sounds',
        setting: false,
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'user_settings',
        property: 'default_language',
        value: 'de',
        language_name: 'Deutsch',
      }),
    );
    const settings = (await registered(noah, 'user_settings')) as Obj;
    expect(settings).toMatchObject({ enable_sounds: false, default_language: 'de' });
  });

  it('announces nothing when the value does not change, and refuses bad values', async () => {
    const queue = await openQueue(noah, MODERN);
    await noah.ok('PATCH', '/settings', { enable_sounds: false });
    expect(await queue.drain()).toEqual([]);
    expectError(await noah.call('PATCH', '/settings', { color_scheme: 9 }), 400, 'BAD_REQUEST', 'Invalid color_scheme');
    expectError(await noah.call('PATCH', '/settings', { enter_sends: 'yes' }), 400, 'BAD_REQUEST');
    expectError(
      await noah.call('PATCH', '/settings', { timezone: 'Mars/Olympus' }),
      400,
      'BAD_REQUEST',
      'Invalid timezone',
    );
    expectError(
      await noah.call('PATCH', '/settings', { full_name: 'N@ah' }),
      400,
      'BAD_REQUEST',
      'Invalid characters in name!',
    );
    const body = await noah.ok('PATCH', '/settings', { not_a_setting: true });
    expect(body['ignored_parameters_unsupported']).toEqual(['not_a_setting']);
  });

  it('tells everyone about a new time zone and a new name', async () => {
    const queue = await openQueue(other);
    await noah.ok('PATCH', '/settings', { timezone: 'Asia/Tokyo', full_name: '  Noah B. ' });
    const people = (await queue.drainTypes('realm_user')).map((e) => e['person']);
    expect(people).toContainEqual({ user_id: noah.userId, email: noah.email, timezone: 'Asia/Tokyo' });
    expect(people).toContainEqual({ user_id: noah.userId, full_name: 'Noah B.' });
    const seen = (await other.ok('GET', `/users/${noah.userId}`))['user'];
    expect(seen).toMatchObject({ full_name: 'Noah B.', timezone: 'Asia/Tokyo' });
  });

  it('email visibility: hides the real address from those no longer allowed, and changes the API email', async () => {
    const [fromMember, fromAdmin, own] = await Promise.all([
      openQueue(other),
      openQueue(admin),
      openQueue(noah, MODERN),
    ]);
    await noah.ok('PATCH', '/settings', { email_address_visibility: 3 });
    const placeholder = `user${noah.userId}@parley.localhost`;
    const memberSees = (await fromMember.drainTypes('realm_user')).map((e) => e['person']);
    expect(memberSees).toContainEqual({ user_id: noah.userId, delivery_email: null });
    expect(memberSees).toContainEqual({ user_id: noah.userId, new_email: placeholder });
    const adminSees = (await fromAdmin.drainTypes('realm_user')).map((e) => e['person']);
    expect(adminSees).toEqual([{ user_id: noah.userId, new_email: placeholder }]);
    expect(await own.drainTypes('user_settings')).toMatchObject([{ property: 'email_address_visibility', value: 3 }]);

    const asMember = (await other.ok('GET', `/users/${noah.userId}`))['user'];
    expect(asMember).toMatchObject({ delivery_email: null, email: placeholder });
    expect((await admin.ok('GET', `/users/${noah.userId}`))['user']['delivery_email']).toBe(noah.email);
    const byRealAddress = await other.get(`/users/${encodeURIComponent(noah.email)}`);
    expectError(byRealAddress, 400, 'BAD_REQUEST', 'No such user');
    expect((await other.ok('GET', `/users/${encodeURIComponent(placeholder)}`))['user']['user_id']).toBe(noah.userId);
    // Signing in still works with the real address.
    expect((await noah.ok('GET', '/users/me'))['email']).toBe(placeholder);
  });
});
