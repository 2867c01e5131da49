/**
 * Every record event family through the real sync loop against the dev server: other users
 * (and the same user's other client) act over plain HTTP, and afterwards the account's cache
 * equals what a fresh POST /register says.
 */
import nacl from 'tweetnacl';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPushDevice } from '../../../main/api/routes/push';
import { createLogger } from '../../../main/log';
import { toBase64 } from '../../../main/push/base64';
import { buildPushRegistration, encryptPushRegistration } from '../../../main/push/payload';
import { AccountStore } from '../../../main/store/account-store';
import { systemClock } from '../../../main/sync/clock';
import type { Delta } from '../../../main/sync/deltas';
import { SyncEngine } from '../../../main/sync/engine';
import { apiForClient } from '../../../main/sync/sync-api';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { tempDir } from '../store/fixtures';
import { recordsFromCache, recordsFromServer } from './consistency';
import { person, raw, unique, type Person } from './support';

const log = createLogger({ name: 'records-live', sink: () => {} });

let dev: RunningDevServer;
let me: Person;
let owner: Person;
let admin: Person;
let other: Person;
let store: AccountStore;
let engine: SyncEngine;
const deltas: Delta[] = [];

beforeAll(async () => {
  dev = await startDevServer({ args: ['--bouncer', 'inprocess'] });
  const members = dev.users.filter((u) => u.role === 400);
  me = await person(dev, members[0]!);
  other = await person(dev, members[1]!);
  owner = await person(dev, dev.byRole(100));
  admin = await person(dev, dev.byRole(200));
  store = AccountStore.open(join(tempDir(), 'live.sqlite'));
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
  // expect.poll only works inside tests: a plain wait here.
  for (let waited = 0; !live; waited += 20) {
    if (waited > 10_000) throw new Error('the sync loop never went live');
    await new Promise((r) => setTimeout(r, 20));
  }
});
afterAll(async () => {
  await engine?.stop();
  store?.close();
  await dev?.stop();
});

/** Waits until the cache shows what `check` looks for. */
const until = (check: () => unknown) => expect.poll(check, { timeout: 10_000 }).toBeTruthy();
const channelId = async (p: Person, name: string) =>
  Number((await raw(p, 'GET', '/get_stream_id', { stream: name }))['stream_id']);

describe('record events through the sync loop', () => {
  it('channels: created with me, changed, joined and left by others, archived', async () => {
    const name = unique('live');
    const id = Number(
      (await raw(admin, 'POST', '/channels/create', { name, subscribers: [admin.userId, me.userId] }))['id'],
    );
    await until(() => store.channels.isSubscribed(id));
    expect(store.subscribers.of(id)?.userIds).toEqual([me.userId, admin.userId].sort((a, b) => a - b));

    await raw(admin, 'PATCH', `/streams/${id}`, { description: 'now **described**' });
    await until(() => store.channelDirectory.get(id)?.description === 'now **described**');
    expect(store.channelDirectory.get(id)?.renderedDescription).toContain('<strong>described</strong>');

    await raw(other, 'POST', '/users/me/subscriptions', { subscriptions: [{ name }] });
    await until(() => store.subscribers.of(id)?.userIds.includes(other.userId));
    await raw(other, 'DELETE', '/users/me/subscriptions', { subscriptions: [name] });
    await until(() => !store.subscribers.of(id)?.userIds.includes(other.userId));

    // My other client changes my settings for it (both mute events arrive).
    await raw(me, 'POST', '/users/me/subscriptions/properties', {
      subscription_data: [
        { stream_id: id, property: 'in_home_view', value: false },
        { stream_id: id, property: 'pin_to_top', value: true },
      ],
    });
    await until(() => store.channels.getSubscribed(id)?.subscription.pinToTop);
    expect(store.channels.getSubscribed(id)?.subscription.isMuted).toBe(true);

    // A public channel others create without me: its subscribers follow from the peer_add events
    // (the create event names none), so the final comparison with register finds them too.
    const theirs = unique('theirs');
    const theirsId = Number(
      (await raw(admin, 'POST', '/channels/create', { name: theirs, subscribers: [admin.userId, other.userId] }))['id'],
    );
    await until(() => store.subscribers.of(theirsId)?.userIds.length === 2);
    expect(store.channels.isSubscribed(theirsId)).toBe(false);

    const archived = unique('doomed');
    const doomed = Number(
      (await raw(admin, 'POST', '/channels/create', { name: archived, subscribers: [admin.userId, me.userId] }))['id'],
    );
    await until(() => store.channelDirectory.get(doomed));
    await raw(admin, 'DELETE', `/streams/${doomed}`);
    // Parley declares archived_channels: an archived channel stays, marked, as on Zulip's clients.
    await until(() => store.channelDirectory.get(doomed)?.extra['is_archived'] === true);
  });

  it('user groups: created, renamed, members and subgroups changed, deactivated; a deactivated user leaves them', async () => {
    const zanele = dev.users.find((u) => u.email.startsWith('zanele'))!;
    const name = unique('crew');
    await raw(owner, 'POST', '/user_groups/create', { name, description: 'd', members: [me.userId, zanele.userId] });
    await until(() => store.userGroups.page(null, 500).items.find((g) => g.name === name));
    const id = store.userGroups.page(null, 500).items.find((g) => g.name === name)!.id;
    const leads = store.userGroups.page(null, 500).items.find((g) => g.name === 'leads')!.id;

    await raw(owner, 'PATCH', `/user_groups/${id}`, { description: 'changed' });
    await raw(owner, 'POST', `/user_groups/${id}/members`, { add: [other.userId], delete: [me.userId] });
    await raw(owner, 'POST', `/user_groups/${id}/subgroups`, { add: [leads] });
    await until(() => store.userGroups.get(id)?.subgroups.includes(leads));
    expect(store.userGroups.get(id)).toMatchObject({ description: 'changed' });
    expect(store.userGroups.get(id)?.members).toEqual([other.userId, zanele.userId].sort((a, b) => a - b));

    await raw(owner, 'DELETE', `/users/${zanele.userId}`);
    await until(() => store.users.get(zanele.userId)?.isActive === false);
    expect(store.userGroups.groupsOf(zanele.userId)).toEqual([]);

    await raw(owner, 'POST', `/user_groups/${id}/deactivate`);
    await until(() => store.userGroups.get(id)?.deactivated);
  });

  it('my own records from my other client: drafts, snippets, views, topics, settings', async () => {
    const general = await channelId(me, 'general');
    const ids = (
      await raw(me, 'POST', '/drafts', {
        drafts: [{ type: 'stream', to: [general], topic: 't', content: 'elsewhere' }],
      })
    )['ids'] as number[];
    await until(() => store.drafts.byServerId(ids[0]!));
    await raw(me, 'PATCH', `/drafts/${ids[0]}`, {
      draft: {
        type: 'stream',
        to: [general],
        topic: 't',
        content: 'edited elsewhere',
        timestamp: Math.floor(Date.now() / 1000) + 5,
      },
    });
    await until(() => store.drafts.byServerId(ids[0]!)?.content === 'edited elsewhere');
    const second = (
      (await raw(me, 'POST', '/drafts', { drafts: [{ type: '', to: [], topic: '', content: 'bye' }] }))[
        'ids'
      ] as number[]
    )[0]!;
    await until(() => store.drafts.byServerId(second));
    await raw(me, 'DELETE', `/drafts/${second}`);
    await until(() => store.drafts.byServerId(second) === null);

    const snippet = Number(
      (await raw(me, 'POST', '/saved_snippets', { title: 'S', content: 'c' }))['saved_snippet_id'],
    );
    await raw(me, 'PATCH', `/saved_snippets/${snippet}`, { title: 'S2' });
    await until(() => store.savedSnippets.get(snippet)?.title === 'S2');

    await raw(me, 'POST', '/navigation_views', {
      fragment: 'narrow/channel/1-general/topic/lunch',
      is_pinned: true,
      name: 'Stars',
    });
    await raw(me, 'PATCH', `/navigation_views/${encodeURIComponent('narrow/channel/1-general/topic/lunch')}`, {
      is_pinned: false,
    });
    await until(() => store.navigationViews.get('narrow/channel/1-general/topic/lunch')?.isPinned === false);

    await raw(me, 'POST', '/user_topics', { stream_id: general, topic: 'followed', visibility_policy: 3 });
    await until(() => store.userTopics.policyOf(general, 'followed') === 3);

    await raw(me, 'PATCH', '/settings', { enter_sends: true, twenty_four_hour_time: true });
    await until(() => store.userSettings.get('twenty_four_hour_time') === true);
  });

  it('organization records: folders, profile fields, playgrounds, realm settings, user changes', async () => {
    const folder = Number(
      (await raw(admin, 'POST', '/channel_folders/create', { name: unique('F'), description: '' }))[
        'channel_folder_id'
      ],
    );
    await raw(admin, 'PATCH', `/channel_folders/${folder}`, { name: 'Renamed folder' });
    await until(() => store.channelFolders.get(folder)?.name === 'Renamed folder');

    const field = Number(
      (await raw(admin, 'POST', '/realm/profile_fields', { name: unique('Desk'), field_type: 1 }))['id'],
    );
    await until(() => store.profileFields.all().some((f) => f.id === field));
    const playground = Number(
      (
        await raw(admin, 'POST', '/realm/playgrounds', {
          name: 'Go',
          pygments_language: 'Go',
          url_template: 'https://go.dev/play/?c={code}',
        })
      )['id'],
    );
    await until(() => store.playgrounds.all().some((p) => p.id === playground));

    await raw(owner, 'PATCH', '/realm', { name: 'Renamed org' });
    await until(() => store.realm.get('realm_name') === 'Renamed org');

    await raw(other, 'PATCH', '/settings', { full_name: 'Someone Else' });
    await until(() => store.users.get(other.userId)?.fullName === 'Someone Else');
    await raw(other, 'PATCH', '/settings', { timezone: 'Africa/Lagos' });
    await until(() => store.users.get(other.userId)?.extra['timezone'] === 'Africa/Lagos');
  });

  it('typing (memory only) and push devices', async () => {
    await raw(other, 'POST', '/typing', { op: 'start', type: 'direct', to: [me.userId] });
    await until(() =>
      deltas.some(
        (d) => d.kind === 'typing' && d.op === 'start' && d.senderId === other.userId && d.narrow.kind === 'dm',
      ),
    );
    const general = await channelId(other, 'general');
    await raw(other, 'POST', '/typing', { op: 'stop', type: 'channel', stream_id: general, topic: 'x' });
    await until(() => deltas.some((d) => d.kind === 'typing' && d.op === 'stop' && d.narrow.kind === 'topic'));

    const bouncerKey = String(dev.startLine['bouncer_public_key']);
    const pushAccountId = 1 + Math.floor(Math.random() * 1e9);
    await registerPushDevice(me.client, {
      tokenKind: 'apns',
      pushAccountId,
      pushPublicKey: toBase64(nacl.box.keyPair().publicKey),
      bouncerPublicKey: bouncerKey,
      encryptedPushRegistration: encryptPushRegistration(
        buildPushRegistration({ token: 'ab'.repeat(32), tokenKind: 'apns', iosAppId: 'chat.parley.desktop' }),
        bouncerKey,
      ),
    });
    await until(() => store.pushDevices.get(pushAccountId)?.status === 'active');
  });

  it('afterwards, the cache equals a fresh register', async () => {
    // A last change by my other client marks the end: once it is cached, everything before it is.
    const marker = Number(
      (await raw(me, 'POST', '/saved_snippets', { title: 'END', content: '.' }))['saved_snippet_id'],
    );
    await until(() => store.savedSnippets.get(marker));
    const server = await recordsFromServer(me);
    const cache = recordsFromCache(store);
    for (const key of Object.keys(server) as (keyof typeof server)[]) {
      expect({ [key]: cache[key] }).toEqual({ [key]: server[key] });
    }
  });
});
