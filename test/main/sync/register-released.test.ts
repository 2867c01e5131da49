/**
 * A register's answer is let go once its snapshot is stored, before the account builds and sends
 * its sidebar from the cache (onRegistered): at 30,000 people the parsed answer is tens of
 * megabytes, and while it was still held the two stacked into the first sync's memory peak.
 */
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, expect, it } from 'vitest';
import type { RegisterResponse } from '../../../main/api';
import { AccountStore } from '../../../main/store/account-store';
import type { Registered, SyncEngine } from '../../../main/sync/engine';
import { tempDir } from '../store/fixtures';
import { register } from './fixtures';
import { engineOver, ScriptedApi } from './scripted';

let store: AccountStore | undefined;
let engine: SyncEngine | undefined;

afterEach(async () => {
  await engine?.stop();
  store?.close();
});

function collector(): () => void {
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  expect(typeof gc).toBe('function');
  return gc as () => void;
}

it('holds nothing of the register once its snapshot is stored, and tells the account what it reads of it', async () => {
  const gc = collector();
  store = AccountStore.open(join(tempDir(), 'a.sqlite'));
  const api = new ScriptedApi();
  let answer: WeakRef<RegisterResponse> | null = null;
  api.registers.push(() => {
    const r = register('q1', 0, { server_emoji_data_url: 'https://chat.example.com/emoji.json', push_devices: {} });
    answer = new WeakRef(r);
    return r;
  });
  let told: Registered | null = null;
  let heldWhenTold: boolean | null = null;
  engine = engineOver(store, api, async (registered) => {
    told = { ...registered };
    // A WeakRef keeps its target through the job that made or read it: collect in a later one.
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    heldWhenTold = answer?.deref() !== undefined;
  });
  engine.start();
  await api.idle();
  await expect.poll(() => heldWhenTold).not.toBeNull();
  expect(heldWhenTold).toBe(false);
  expect(told).toEqual({
    featureLevel: 420,
    realm_name: 'Test realm',
    full_name: undefined,
    server_emoji_data_url: 'https://chat.example.com/emoji.json',
    push_devices: {},
  });
  // The snapshot itself was stored.
  expect(store.users.all().map((u) => u.fullName)).toEqual(['Bea', 'Cy', 'Me']);
});
