/**
 * The organization's default settings for new users: listed in register
 * (realm_user_settings_defaults), changed by administrators with PATCH
 * /realm/user_settings_defaults, announced to everyone one property at a time, and given to a
 * person who joins afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { expectError, loginRole, openQueue, registered, type Client } from './records-support';
import { Api, type Obj } from './support';

let server: RunningDevServer;
let admin: Client;
let member: Client;
let memberSettingsBefore: Obj;

beforeAll(async () => {
  server = await startDevServer({ seed: 'demo' });
  admin = await loginRole(server, 200);
  member = await loginRole(server, 400);
  memberSettingsBefore = (await registered(member, 'user_settings')) as Obj;
});
afterAll(() => server.stop());

const defaults = async (): Promise<Obj> => (await registered(member, 'realm_user_settings_defaults')) as Obj;

describe('default settings for new users', () => {
  it('are in register with Zulip’s defaults', async () => {
    const d = await defaults();
    expect(d).toMatchObject({ color_scheme: 1, enter_sends: false, twenty_four_hour_time: false, emojiset: 'google' });
    expect(d['email_address_visibility']).toBe(1);
    expect(d).not.toHaveProperty('timezone');
  });

  it('are changed by administrators only, with one event per changed property', async () => {
    expectError(
      await member.call('PATCH', '/realm/user_settings_defaults', { enter_sends: true }),
      400,
      'UNAUTHORIZED_PRINCIPAL',
      'Must be an organization administrator',
    );
    const queue = await openQueue(member);
    const answer = await admin.ok('PATCH', '/realm/user_settings_defaults', {
      enter_sends: true,
      color_scheme: 2,
      twenty_four_hour_time: false, // already the default: neither stored again nor announced
      default_language: 'de', // the organization's language is PATCH /realm's, not this
    });
    expect(answer['ignored_parameters_unsupported']).toEqual(['default_language']);
    const events = await queue.drainTypes('realm_user_settings_defaults');
    expect(events.map(({ id: _id, ...e }) => e)).toEqual([
      { type: 'realm_user_settings_defaults', op: 'update', property: 'color_scheme', value: 2 },
      { type: 'realm_user_settings_defaults', op: 'update', property: 'enter_sends', value: true },
    ]);
    expect(await defaults()).toMatchObject({ enter_sends: true, color_scheme: 2, default_language: 'en' });
  });

  it('refuse a value outside the setting’s choices and change nothing', async () => {
    expectError(
      await admin.call('PATCH', '/realm/user_settings_defaults', { enter_sends: false, emojiset: 'comic' }),
      400,
      'BAD_REQUEST',
      'Invalid emojiset',
    );
    expect(await defaults()).toMatchObject({ enter_sends: true, emojiset: 'google' });
  });

  it('are what a person who joins afterwards starts with', async () => {
    const link = (await admin.ok('POST', '/invites/multiuse', { invite_as: 400 }))['invite_link'] as string;
    const key = new URL(link).pathname.split('/')[2]!;
    const form = { key, email: 'fresh@parley.example', full_name: 'Fresh Face', password: 'secret-pass' };
    const res = await fetch(new URL('/accounts/register/', server.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form, timezone: 'UTC' }).toString(),
    });
    expect(res.status).toBe(200);
    const creds = await new Api(server.baseUrl).ok('POST', '/fetch_api_key', {
      username: form.email,
      password: form.password,
    });
    const fresh = new Api(server.baseUrl, { email: creds['email'] as string, apiKey: creds['api_key'] as string });
    const settings = (await registered(fresh, 'user_settings')) as Obj;
    expect(settings).toMatchObject({ enter_sends: true, color_scheme: 2 });
    // Existing accounts keep what they had.
    expect(await registered(member, 'user_settings')).toEqual(memberSettingsBefore);
  });
});
