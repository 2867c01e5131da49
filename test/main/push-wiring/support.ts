/**
 * Helpers for the push wiring tests: the OS keychain under a throw-away service name, a real core
 * with the `push` option, and the dev server's test hook that hands back pushed ciphertexts.
 */
import { randomBytes } from 'node:crypto';
import { forgetKeychainService } from '../../helpers/keychain';
import * as z from 'zod';
import type { AccountSummary, PushStatus } from '../../../common/model';
import type { PushOptions } from '../../../main/accounts/push-setup';
import { ApiClient } from '../../../main/api/client';
import { openCredentialStore, type CredentialStore } from '../../../main/credentials';
import { createLogger } from '../../../main/log';
import type { PushToken } from '../../../main/push/payload';
import { createCore } from '../../../main/core';
import { recordCore, type TestCore } from '../core/harness';

/** A well-formed APNs token, as macOS would hand it over (the boundary we cannot reach here). */
export const TEST_TOKEN: PushToken = { token: 'ab'.repeat(32), tokenKind: 'apns', iosAppId: 'chat.parley.desktop' };

/** The real keychain, under a service name of this run only; `cleanup` removes every entry it made. */
export async function testKeychain(): Promise<{ store: CredentialStore; cleanup(): Promise<void> }> {
  const service = `Parley-push-wiring-${randomBytes(4).toString('hex')}`;
  const opened = await openCredentialStore(createLogger({ name: 'test', sink: () => undefined }), {
    service,
    probeTimeoutMs: 10_000,
  });
  if (opened.status.kind !== 'keychain') {
    throw new Error(
      `No OS keychain answered (${opened.status.reason}); run under dbus-run-session with gnome-keyring (test/README.md).`,
    );
  }
  return {
    store: opened.store,
    async cleanup() {
      await forgetKeychainService(service);
    },
  };
}

export type PushCore = TestCore;

/** A real core on `dataDir` with push options (or none), recording its events and log lines. */
export async function startPushCore(
  dataDir: string,
  credentials: CredentialStore,
  push: PushOptions | null,
): Promise<PushCore> {
  const logLines: string[] = [];
  const core = await createCore({
    dataDir,
    credentials,
    ...(push ? { push } : {}),
    log: createLogger({ name: 'core', level: 'debug', sink: (l) => logLines.push(l) }),
  });
  return recordCore(core, logLines);
}

/** Push options with a made-up token and the dev bouncer's key. */
export function testPush(bouncerPublicKey: string, over: Partial<PushOptions> = {}): PushOptions {
  return { token: () => Promise.resolve(TEST_TOKEN), bouncerPublicKey, ...over };
}

/** Waits until the account list (what the renderer gets) shows this account's push in `state`. */
export async function waitForPush(
  t: PushCore,
  accountId: string,
  match: (p: PushStatus) => boolean,
  timeout = 15_000,
): Promise<AccountSummary> {
  const found = await t.waitFor(
    'accounts:changed',
    (p) => p.accounts.some((a) => a.id === accountId && a.push !== undefined && match(a.push)),
    timeout,
  );
  return found.accounts.find((a) => a.id === accountId)!;
}

/** Every push status the account list has shown for the account, in order, repeats dropped. */
export function pushHistory(t: PushCore, accountId: string): string[] {
  const out: string[] = [];
  for (const e of t.events) {
    if (e.name !== 'accounts:changed') continue;
    const push = (e.payload as { accounts: AccountSummary[] }).accounts.find((a) => a.id === accountId)?.push;
    if (push && out.at(-1) !== push.state) out.push(push.state);
  }
  return out;
}

const HookAnswer = z.looseObject({
  pushes: z.array(z.looseObject({ push_account_id: z.number(), payload: z.unknown() })),
});

/** POST /parley_test/push_notification as the account's user: the envelopes the server had the bouncer push. */
export async function hookPushes(
  realmUrl: string,
  auth: { email: string; apiKey: string },
  form: Record<string, string>,
): Promise<Array<{ push_account_id: number; payload: unknown }>> {
  const client = new ApiClient({ realmUrl, auth });
  return (await client.request('POST', '/parley_test/push_notification', form, HookAnswer)).pushes;
}
