/**
 * Feature gates (api-v1.md section 9): what an older server lacks is hidden and refused before
 * any request, and the account publishes gate changes that a user setting causes.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventName } from '../../../common/ipc/contract';
import { ApiClient } from '../../../main/api';
import { createLogger } from '../../../main/log';
import { AccountRecords } from '../../../main/records/account-records';
import { createFolder, createSnippet, createView, updateSnippet } from '../../../main/records/record-actions';
import { setVisibility, type ActionContext } from '../../../main/records/channel-actions';
import { featureGates } from '../../../main/records/gates';
import { AccountStore } from '../../../main/store/account-store';
import { tempDir } from '../store/fixtures';
import { ManualTimers } from './manual-timers';

const log = createLogger({ name: 't', sink: () => {} });

function context(featureLevel: number): { ctx: ActionContext; requests: () => number } {
  let requests = 0;
  const fetch = (async () => {
    requests++;
    return new Response('{"result":"success","msg":""}', { headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  const store = AccountStore.open(join(tempDir(), 'g.sqlite'));
  const client = new ApiClient({ realmUrl: 'http://127.0.0.1:9', auth: { email: 'a@b', apiKey: 'k' }, fetch });
  return {
    ctx: { client, store, featureLevel, selfUserId: 1, gates: featureGates(featureLevel, store) },
    requests: () => requests,
  };
}

describe('feature gates', () => {
  it('follow the feature level, and drafts sync the user setting', () => {
    const store = AccountStore.open(join(tempDir(), 'f.sqlite'));
    expect(featureGates(420, store)).toEqual({
      navigationViews: true,
      savedSnippets: true,
      editSavedSnippets: true,
      channelFolders: true,
      createChannelDirectly: true,
      followTopics: true,
      draftsSync: true,
      inviteToGroups: true,
      scheduledMessages: true,
      reminders: true,
      unmuteTopics: true,
      channelTopicsPolicy: true,
      channelPermissions: [
        'can_remove_subscribers_group',
        'can_administer_channel_group',
        'can_send_message_group',
        'can_add_subscribers_group',
        'can_subscribe_group',
        'can_move_messages_out_of_channel_group',
        'can_move_messages_within_channel_group',
        'can_resolve_topics_group',
        'can_delete_any_message_group',
        'can_delete_own_message_group',
      ],
    });
    expect(featureGates(300, store)).toMatchObject({
      navigationViews: false,
      savedSnippets: true,
      editSavedSnippets: false,
      channelFolders: false,
      createChannelDirectly: false,
      scheduledMessages: true,
      reminders: false,
    });
    expect(featureGates(60, store)).toMatchObject({ draftsSync: false, followTopics: false, savedSnippets: false });
    store.userSettings.set('enable_drafts_synchronization', false);
    expect(featureGates(420, store).draftsSync).toBe(false);
    store.close();
  });

  it('a call the server cannot answer is refused with UNSUPPORTED before any request', async () => {
    const { ctx, requests } = context(300);
    await expect(createView(ctx, { accountId: 'a', fragment: 'inbox', isPinned: true })).rejects.toMatchObject({
      code: 'UNSUPPORTED',
    });
    await expect(createFolder(ctx, { accountId: 'a', name: 'x', description: '' })).rejects.toMatchObject({
      code: 'UNSUPPORTED',
    });
    await expect(updateSnippet(ctx, { accountId: 'a', id: 1, title: 'x' })).rejects.toMatchObject({
      code: 'UNSUPPORTED',
    });
    expect(requests()).toBe(0);
    // What it does have still goes out.
    await expect(createSnippet(ctx, { accountId: 'a', title: 't', content: 'c' })).rejects.toThrow(/saved_snippet_id/);
    expect(requests()).toBe(1);
  });

  it('below FL 170 a topic can be muted but not followed', async () => {
    const { ctx, requests } = context(160);
    const args = { accountId: 'a', channelId: 3, topic: 't' };
    await expect(setVisibility(ctx, { ...args, visibility: 'followed' })).rejects.toMatchObject({
      code: 'UNSUPPORTED',
    });
    await setVisibility(ctx, { ...args, visibility: 'muted' });
    expect(requests()).toBe(1);
  });

  it('the account republishes its gates when a setting changes one, and reports record changes', () => {
    const store = AccountStore.open(join(tempDir(), 'p.sqlite'));
    const events: { name: EventName; payload: unknown }[] = [];
    let gateChanges = 0;
    const records = new AccountRecords({
      accountId: 'acc',
      store,
      client: null,
      selfUserId: 1,
      featureLevel: () => 420,
      emit: (name, payload) => events.push({ name, payload }),
      log,
      now: () => 0,
      onGatesChanged: () => gateChanges++,
      timers: new ManualTimers(),
    });
    records.afterRegister();
    expect(events.at(-1)).toMatchObject({ name: 'records:changed', payload: { accountId: 'acc' } });
    store.userSettings.set('enable_drafts_synchronization', false);
    records.publish([{ kind: 'recordsChanged', areas: ['settings', 'drafts'] }]);
    expect(gateChanges).toBe(1);
    expect(events.at(-1)).toEqual({
      name: 'records:changed',
      payload: { accountId: 'acc', areas: ['settings', 'drafts'] },
    });
    records.publish([{ kind: 'recordsChanged', areas: ['settings'] }]);
    expect(gateChanges).toBe(1);
    records.publish([{ kind: 'typing', op: 'start', senderId: 4, narrow: { kind: 'dm', userIds: [4] } }]);
    expect(events.at(-1)).toEqual({
      name: 'typing:changed',
      payload: { accountId: 'acc', typing: [{ narrow: { kind: 'dm', userIds: [4] }, userIds: [4] }] },
    });
    // Without a client, reads work and changes are refused.
    expect(() => records.action()).toThrow(/Sign in again/);
    records.close();
    store.close();
  });
});
