/** dispatch never throws: bad names, bad arguments and failures all come back as IpcErrors. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../store/fixtures';
import { startCore, type TestCore } from './harness';

let t: TestCore;
beforeAll(async () => {
  t = await startCore(tempDir());
});
afterAll(() => t?.core.close());

const errorOf = async (name: string, args: unknown) => {
  const r = await t.core.dispatch(name, args);
  if (r.ok) throw new Error(`${name} unexpectedly succeeded`);
  return r.error;
};

describe('dispatch', () => {
  it('answers app:state on a fresh data folder', async () => {
    expect(await t.ok('app:state', {})).toEqual({
      accounts: [],
      activeAccountId: null,
      lastView: null,
      keychain: { kind: 'memory', reason: expect.any(String) },
      doNotDisturb: false,
    });
    expect((await t.core.dispatch('app:state', undefined)).ok).toBe(true);
  });

  it('refuses unknown calls', async () => {
    expect(await errorOf('messages:teleport', {})).toMatchObject({
      code: 'UNKNOWN_CALL',
      message: expect.stringContaining('messages:teleport'),
    });
  });

  it('refuses bad arguments with a message naming the field, never its value', async () => {
    const missing = await errorOf('account:signIn', { url: 'chat.example.com', email: 'a@b.example' });
    expect(missing.code).toBe('INVALID_ARGUMENT');
    expect(missing.message).toContain('password');
    const wrongType = await errorOf('account:signIn', { url: 'x', email: 'a@b.example', password: 987654321 });
    expect(wrongType.message).not.toContain('987654321');
    expect((await errorOf('sidebar:get', { accountId: 'a', extra: 1 })).code).toBe('INVALID_ARGUMENT');
    const narrow = await errorOf('messages:page', {
      accountId: 'a',
      narrow: { kind: 'stream', id: 1 },
      anchor: 'newest',
      before: 1,
      after: 0,
    });
    expect(narrow.code).toBe('INVALID_ARGUMENT');
    expect(
      (
        await errorOf('messages:page', {
          accountId: 'a',
          narrow: { kind: 'dm', userIds: [] },
          anchor: 'newest',
          before: 5000,
          after: 0,
        })
      ).code,
    ).toBe('INVALID_ARGUMENT');
    const cacheFirst = await errorOf('messages:page', {
      accountId: 'a',
      narrow: { kind: 'channel', channelId: 1 },
      anchor: 'newest',
      before: 1,
      after: 0,
      cacheFirst: 'yes',
    });
    expect(cacheFirst.code).toBe('INVALID_ARGUMENT');
    expect(cacheFirst.message).toContain('cacheFirst');
    expect((await errorOf('view:open', null)).code).toBe('INVALID_ARGUMENT');
  });

  it('says which account is unknown', async () => {
    expect(await errorOf('sidebar:get', { accountId: 'nope' })).toMatchObject({ code: 'UNKNOWN_ACCOUNT' });
    expect(
      (await errorOf('compose:send', { accountId: 'nope', to: { kind: 'dm', userIds: [2] }, content: 'hi' })).code,
    ).toBe('UNKNOWN_ACCOUNT');
  });

  it('turns probe failures into their codes', async () => {
    expect((await errorOf('server:probe', { url: 'http://127.0.0.1:9' })).code).toBe('UNREACHABLE');
    expect((await errorOf('server:probe', { url: 'ftp://files.example.com' })).code).toBe('INVALID_ARGUMENT');
  });

  it('logs what the renderer reports and drops unknown sends', () => {
    t.core.receive('log:error', { message: 'Render failed', stack: 'at Sidebar.svelte:10' });
    t.core.receive('nonsense' as 'log:error', { message: 'x' });
    expect(t.logLines.some((l) => l.includes('renderer: Render failed') && l.includes('Sidebar.svelte'))).toBe(true);
    expect(t.logLines.some((l) => l.includes('unknown message from the renderer') && l.includes('nonsense'))).toBe(
      true,
    );
  });
});
