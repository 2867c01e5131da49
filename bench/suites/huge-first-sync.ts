/**
 * The first sync of the biggest communities as the core runs it (issue 28 items 1 and 6): register's
 * answer (the huge seed's bytes, served by a bare node:http server so the dev server's own cost is
 * left out) fetched and parsed by the core's API client, then stored by the sync engine's sliced
 * snapshot into a fresh cache; then the same again on that cache (a warm start's re-register). The
 * figure users feel is the longest stretch the core's event loop was held meanwhile: every call
 * from the page waits that long (lib/loop-watch.ts, time spent waiting for a CPU left out).
 */
import { join } from 'node:path';
import { ApiClient } from '../../main/api/client';
import { registerQueue } from '../../main/api/routes/events';
import { RegisterResponse } from '../../main/api/schemas/register';
import { AccountStore } from '../../main/store/account-store';
import { NEWEST_FEATURE_LEVEL } from '../../devserver/version';
import { registerParams } from '../../main/sync/register-params';
import { applySnapshotInSlices } from '../../main/sync/snapshot';
import { watchLoop } from '../lib/loop-watch';
import { userEventCost } from '../fixtures/user-events';
import type { SuiteContext } from '../lib/types';

interface Round {
  /** Register's answer received and parsed (the client's schema), and its longest hold. */
  registerMs: number;
  registerHeldMs: number;
  /** The snapshot stored, and its longest hold. */
  snapshotMs: number;
  snapshotHeldMs: number;
  /** CPU of the whole process meanwhile (user + system): unlike the time, not stretched by other processes. */
  snapshotCpuMs: number;
  /** Who signed in (register's user_id). */
  selfUserId: number;
}

async function oneSync(client: ApiClient, store: AccountStore): Promise<Round> {
  let watch = watchLoop();
  const started = performance.now();
  const r = await registerQueue(client, registerParams(NEWEST_FEATURE_LEVEL));
  const registered = performance.now();
  const registerHeldMs = watch.stop();
  watch = watchLoop();
  const cpu = process.cpuUsage();
  await applySnapshotInSlices(store, r, r.user_id ?? 0, Date.now());
  const snapshotHeldMs = watch.stop();
  const used = process.cpuUsage(cpu);
  return {
    registerMs: registered - started,
    registerHeldMs,
    snapshotMs: performance.now() - registered,
    snapshotHeldMs,
    snapshotCpuMs: (used.user + used.system) / 1000,
    selfUserId: r.user_id ?? 0,
  };
}

/** A person's change (rename, avatar, role) on the synced cache of 30,000 people. */
function userEventFigures(ctx: SuiteContext, store: AccountStore, selfUserId: number): void {
  const cost = userEventCost(store, selfUserId, ctx.quick ? 12 : 60);
  ctx.metric(
    'a person changed at 30k people: core CPU per realm_user event, median',
    +median(cost.cpuMs).toFixed(2),
    'ms',
  );
  ctx.metric(
    'a person changed at 30k people: core CPU per realm_user event, slowest',
    +Math.max(...cost.cpuMs).toFixed(2),
    'ms',
  );
  ctx.metric('a person changed at 30k people: bytes to the renderer per event, median', median(cost.bytes), 'B');
  ctx.metric(
    'the sidebar after a register that changed no one, 30k people: core CPU',
    +cost.unchangedMs.toFixed(1),
    'ms',
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const ms = (value: number) => Math.round(value);

/** Records the first-sync metrics; `registered` is register's answer as the dev server sent it. */
export async function firstSyncFigures(
  ctx: SuiteContext,
  echoUrl: string,
  auth: { email: string; apiKey: string },
  registered: string,
): Promise<void> {
  const client = new ApiClient({ realmUrl: echoUrl, auth });
  const cold: Round[] = [];
  const warm: Round[] = [];
  for (let i = 0; i < (ctx.quick ? 2 : 4); i++) {
    const store = AccountStore.open(join(ctx.runDir, `first-sync-${i}.sqlite`));
    try {
      cold.push(await oneSync(client, store));
      warm.push(await oneSync(client, store));
      if (i === 0) userEventFigures(ctx, store, warm[0]!.selfUserId);
    } finally {
      store.close();
    }
  }
  const parse: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    RegisterResponse.parse(JSON.parse(registered));
    parse.push(performance.now() - started);
  }
  const pick = (rounds: Round[], key: keyof Round) => rounds.map((r) => r[key]);
  const held = (rounds: Round[]) => rounds.map((r) => Math.max(r.registerHeldMs, r.snapshotHeldMs));
  ctx.metric('first sync at 30k people, cold: longest hold of the core loop, median', ms(median(held(cold))), 'ms');
  ctx.metric('first sync at 30k people, cold: longest hold of the core loop, worst', ms(Math.max(...held(cold))), 'ms');
  ctx.metric('first sync at 30k people, cold: snapshot stored, median', ms(median(pick(cold, 'snapshotMs'))), 'ms');
  ctx.metric('first sync at 30k people, cold: snapshot CPU, median', ms(median(pick(cold, 'snapshotCpuMs'))), 'ms');
  ctx.metric(
    'first sync at 30k people, cold: snapshot, longest hold, median',
    ms(median(pick(cold, 'snapshotHeldMs'))),
    'ms',
  );
  ctx.metric(
    'first sync at 30k people: register fetched and parsed, median',
    ms(median(pick(cold, 'registerMs'))),
    'ms',
  );
  ctx.metric('first sync at 30k people: register JSON + schema parse alone, median', ms(median(parse)), 'ms');
  ctx.metric(
    're-register at 30k people, warm cache: snapshot stored, median',
    ms(median(pick(warm, 'snapshotMs'))),
    'ms',
  );
  ctx.metric('re-register at 30k people, warm cache: longest hold, median', ms(median(held(warm))), 'ms');
}
