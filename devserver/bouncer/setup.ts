/**
 * How the dev server gets its push service: no bouncer (every push call answers
 * PUSH_SERVICE_NOT_CONFIGURED), a bouncer started in this process, or one running elsewhere.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Store } from '../store/store';
import { BouncerClient } from './client';
import { sodiumReady } from './crypto';
import { PushService, type PublishPushEvent } from './push_service';
import { startBouncer, type RunningBouncer } from './server';

export type BouncerSetting =
  | { kind: 'none' }
  | { kind: 'inprocess' }
  /** A bouncer at `url` (e.g. devserver/bouncer/cli.ts) that knows this org ID, key and our realm UUID. */
  | { kind: 'url'; url: string; orgId: string; orgKey: string };

export interface PushSetup {
  service: PushService;
  /** The in-process bouncer, when there is one. */
  bouncer: RunningBouncer | null;
  /** Added to the dev server's start line: realm_uuid, and bouncer_url / bouncer_public_key when known. */
  startLineFields(): Record<string, unknown>;
  stop(): Promise<void>;
}

export async function startPush(opts: {
  setting: BouncerSetting;
  realmUuid: string;
  testHooks: boolean;
  publish: PublishPushEvent;
  log?: (line: string) => void;
}): Promise<PushSetup> {
  const { setting, realmUuid } = opts;
  await sodiumReady();
  let bouncer: RunningBouncer | null = null;
  let client: BouncerClient | null = null;
  if (setting.kind === 'inprocess') {
    const orgId = randomUUID();
    const orgKey = randomBytes(24).toString('hex');
    bouncer = await startBouncer({
      remotes: [{ orgId, orgKey, realmUuids: [realmUuid] }],
      testRoutes: opts.testHooks,
      ...(opts.log ? { log: opts.log } : {}),
    });
    client = new BouncerClient({ url: bouncer.url, orgId, orgKey });
  } else if (setting.kind === 'url') {
    client = new BouncerClient({ url: setting.url, orgId: setting.orgId, orgKey: setting.orgKey });
  }
  const service = new PushService(client, realmUuid, opts.publish);
  return {
    service,
    bouncer,
    startLineFields: () => ({
      realm_uuid: realmUuid,
      ...(setting.kind === 'url' ? { bouncer_url: setting.url } : {}),
      ...(bouncer ? { bouncer_url: bouncer.url, bouncer_public_key: bouncer.state.keys.currentPublicKey } : {}),
    }),
    stop: async () => {
      await service.settled();
      await bouncer?.stop();
    },
  };
}

/** Reads --bouncer, --bouncer-url and --bouncer-org (see README.md); throws a readable Error on bad input. */
export function parseBouncerSetting(values: {
  bouncer?: string | undefined;
  'bouncer-url'?: string | undefined;
  'bouncer-org'?: string | undefined;
}): BouncerSetting {
  const { bouncer, 'bouncer-url': url, 'bouncer-org': org } = values;
  if (bouncer !== undefined && url !== undefined)
    throw new Error('use either --bouncer inprocess or --bouncer-url, not both');
  if (bouncer !== undefined) {
    if (bouncer !== 'inprocess' && bouncer !== 'none')
      throw new Error(`--bouncer must be inprocess or none, not ${JSON.stringify(bouncer)}`);
    if (org !== undefined) throw new Error('--bouncer-org goes with --bouncer-url');
    return { kind: bouncer };
  }
  if (url === undefined) {
    if (org !== undefined) throw new Error('--bouncer-org goes with --bouncer-url');
    return { kind: 'none' };
  }
  if (!/^https?:\/\/[^\s]+$/.test(url)) throw new Error('--bouncer-url must be an http(s) URL');
  const colon = org?.indexOf(':') ?? -1;
  if (org === undefined || colon <= 0 || colon === org.length - 1)
    throw new Error('--bouncer-url needs --bouncer-org ORG_ID:ORG_KEY');
  return { kind: 'url', url, orgId: org.slice(0, colon), orgKey: org.slice(colon + 1) };
}

/** The organization's UUID, made once and kept in the database's dev metadata. */
export function realmUuidOf(store: Store): string {
  const known = store.realm.meta('realm_uuid');
  if (known !== undefined) return known;
  const uuid = randomUUID();
  store.realm.setMeta('realm_uuid', uuid);
  return uuid;
}
