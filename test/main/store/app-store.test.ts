import { describe, expect, it } from 'vitest';
import { AppStore, type AccountRecord } from '../../../main/store/app-store';
import { tempDir } from './fixtures';

const record = (id: string, email: string): AccountRecord => ({
  id,
  realmUrl: 'https://chat.example.com',
  email,
  userId: 9,
  fullName: 'Ada',
  realmName: 'Example',
  realmIcon: null,
  featureLevel: 420,
  createdAt: 1,
});

describe('AppStore', () => {
  it('keeps accounts, the active account and each last view across re-opens', () => {
    const dir = tempDir();
    const app = AppStore.open(dir);
    app.saveAccount(record('a1', 'ada@example.com'));
    app.saveAccount(record('a2', 'bob@example.com'));
    app.setActiveAccount('a2');
    app.setLastView('a2', { kind: 'topic', channelId: 3, topic: 'lunch' }, 5);
    app.close();

    const again = AppStore.open(dir);
    expect(again.accounts().map((a) => a.id)).toEqual(['a1', 'a2']);
    expect(again.activeAccountId()).toBe('a2');
    expect(again.lastView('a2')).toEqual({ kind: 'topic', channelId: 3, topic: 'lunch' });
    expect(again.lastView('a1')).toBeNull();
    again.removeAccount('a2');
    expect(again.activeAccountId()).toBeNull();
    expect(again.lastView('a2')).toBeNull();
    again.close();
  });

  it('treats the same realm and email (any case) as one account', () => {
    const app = AppStore.open(tempDir());
    app.saveAccount(record('a1', 'ada@example.com'));
    expect(() => app.saveAccount(record('other', 'ADA@example.com'))).toThrow(/UNIQUE/);
    app.close();
  });

  it('ignores a last view that is not a valid narrow instead of handing it on', () => {
    const dir = tempDir();
    const app = AppStore.open(dir);
    app.saveAccount(record('a1', 'ada@example.com'));
    app.db
      .prepare('INSERT INTO last_views (account_id, narrow, updated_at) VALUES (\'a1\', \'{"kind":"bogus"}\', 1)')
      .run();
    expect(app.lastView('a1')).toBeNull();
    app.close();
  });
});
