/**
 * The small round trips the screens lean on, through the real core against the dev server:
 * messages:raw (the Markdown for the edit box), messages:history (the edit-history dialog), drafts:forNarrow (the draft a narrow reopens
 * with) and do-not-disturb surviving a restart in app:state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSummary } from '../../../common/model';
import { MemoryCredentialStore } from '../../../main/credentials';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { faults } from '../../helpers/devserverFaults';
import { Actor } from '../consistency/actor';
import { tempDir } from '../store/fixtures';
import { startCore, startLiveCore, type TestCore } from './harness';

let server: RunningDevServer;
let dataDir: string;
const credentials = new MemoryCredentialStore();
let t: TestCore;
let account: AccountSummary;
let me: Actor;
let channelId: number;

beforeAll(async () => {
  server = await startDevServer({ faults: true });
  dataDir = tempDir();
  const member = server.byRole(400);
  ({ t, account } = await startLiveCore(dataDir, server.baseUrl, member, credentials));
  me = await Actor.login(server.baseUrl, member.email, member.password);
  channelId = (await t.ok('sidebar:get', { accountId: account.id })).channels[0]!.id;
}, 30_000);
afterAll(async () => {
  await t?.core.close();
  await server?.stop();
});

describe('the user’s own name', () => {
  it('follows a rename made on another device, so the header shows it', async () => {
    await me.call('PATCH', '/settings', { full_name: 'Renamed Elsewhere' });
    const changed = await t.waitFor('accounts:changed', (p) =>
      p.accounts.some((a) => a.id === account.id && a.fullName === 'Renamed Elsewhere'),
    );
    expect(changed.accounts.find((a) => a.id === account.id)?.fullName).toBe('Renamed Elsewhere');
    const state = await t.ok('app:state', {});
    expect(state.accounts.find((a) => a.id === account.id)?.fullName).toBe('Renamed Elsewhere');
  });
});

describe('messages:history', () => {
  it('lists the original and each edit and move, oldest first, with what each changed', async () => {
    const id = await me.sendToChannel(channelId, 'history start', 'first words');
    await me.call('PATCH', `/messages/${id}`, { content: 'second words' });
    await me.call('PATCH', `/messages/${id}`, { topic: 'history moved' });
    await me.call('PATCH', `/messages/${id}`, { content: 'third **words**' });
    const versions = await t.ok('messages:history', { accountId: account.id, messageId: id });
    expect(versions.map((v) => [v.kind, v.topic, v.userId])).toEqual([
      ['original', 'history start', me.userId],
      ['edit', 'history start', me.userId],
      ['edit', 'history moved', me.userId],
      ['edit', 'history moved', me.userId],
    ]);
    expect(versions[0]!.contentHtml).toContain('first words');
    expect(versions[1]!.contentHtml).toContain('second words');
    expect(versions[2]).toMatchObject({ contentHtml: null, prevTopic: 'history start' });
    expect(versions[3]!.contentHtml).toContain('<strong>words</strong>');
    expect(versions.every((v, i) => i === 0 || v.timestamp >= versions[i - 1]!.timestamp)).toBe(true);
  });

  it('says clearly when the message is not there', async () => {
    const result = await t.call('messages:history', { accountId: account.id, messageId: 987_654_321 });
    expect(result).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});

describe('messages:raw', () => {
  it('answers the Markdown the sender wrote, not the rendered HTML', async () => {
    const markdown = 'Some **bold** and `code`\n\n* a list item';
    const id = await me.sendToChannel(channelId, 'raw content', markdown);
    expect(await t.ok('messages:raw', { accountId: account.id, messageId: id })).toEqual({ content: markdown });
  });

  it('says clearly when the message is not there to edit', async () => {
    const result = await t.call('messages:raw', { accountId: account.id, messageId: 987_654_321 });
    expect(result).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', message: expect.stringMatching(/gone/) } });
  });

  it('fails with UNREACHABLE when the server does not answer', async () => {
    const id = await me.sendToChannel(channelId, 'raw content', 'offline try');
    const f = faults(server);
    await f.dropNext(5, { pathPrefix: '/api/v1/messages', method: 'GET' });
    try {
      const result = await t.call('messages:raw', { accountId: account.id, messageId: id });
      expect(result).toMatchObject({ ok: false, error: { code: 'UNREACHABLE' } });
    } finally {
      await f.clear();
    }
  });

  it('refuses a malformed message id before asking anyone', async () => {
    const result = await t.call('messages:raw', { accountId: account.id, messageId: -3 });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
  });
});

describe('drafts:forNarrow', () => {
  it('finds the newest draft a narrow would continue, and none for an empty narrow', async () => {
    const accountId = account.id;
    const topicDraft = await t.ok('drafts:save', {
      accountId,
      to: { kind: 'channel', channelId, topic: 'Draft Lookup' },
      content: 'about the lookup',
    });
    const [a, b] = server.users.filter((u) => u.userId !== account.userId).map((u) => u.userId);
    if (a === undefined || b === undefined) throw new Error('the dev server seed needs two other users');
    const dmDraft = await t.ok('drafts:save', { accountId, to: { kind: 'dm', userIds: [b, a] }, content: 'psst' });
    await t.ok('drafts:save', { accountId, to: { kind: 'channel', channelId, topic: 'other' }, content: '   ' });

    // Topics match as the server matches them: without regard to case.
    const byTopic = await t.ok('drafts:forNarrow', {
      accountId,
      narrow: { kind: 'topic', channelId, topic: 'draft lookup' },
    });
    expect(byTopic).toMatchObject({ id: topicDraft.id, content: 'about the lookup' });
    const byDm = await t.ok('drafts:forNarrow', { accountId, narrow: { kind: 'dm', userIds: [a, b] } });
    expect(byDm).toMatchObject({ id: dmDraft.id, content: 'psst' });
    // A channel narrow continues the channel's newest draft with words in it (the blank one is skipped).
    const byChannel = await t.ok('drafts:forNarrow', { accountId, narrow: { kind: 'channel', channelId } });
    expect(byChannel?.id).toBe(topicDraft.id);

    expect(await t.ok('drafts:forNarrow', { accountId, narrow: { kind: 'dm', userIds: [a] } })).toBeNull();
    expect(
      await t.ok('drafts:forNarrow', { accountId, narrow: { kind: 'topic', channelId, topic: 'nothing here' } }),
    ).toBeNull();
  });
});

describe('do-not-disturb in app:state', () => {
  it('is off at first, and what the user set comes back after a restart', async () => {
    expect((await t.ok('app:state', {})).doNotDisturb).toBe(false);
    await t.ok('notify:setDoNotDisturb', { enabled: true });
    expect((await t.ok('app:state', {})).doNotDisturb).toBe(true);

    await t.core.close();
    t = await startCore(dataDir, credentials);
    expect((await t.ok('app:state', {})).doNotDisturb).toBe(true);
  });
});
