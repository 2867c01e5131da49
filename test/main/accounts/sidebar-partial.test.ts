/**
 * The sidebar rebuilt only where the appliers say a change touched it (SidebarTouch) must never
 * drift from the whole sidebar: a seeded random run of channel and DM messages, reads, unreads,
 * a subscription, a rename and a mark-all-read, each event through the real appliers on a real
 * SQLite cache, published as the account does (deltas merged, then SidebarPublisher). After every
 * step the renderer's sidebar (the first whole one plus every delta) equals buildSidebar, though the
 * people are read only after a user event.
 */
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Events } from '../../../common/ipc/contract';
import type { Sidebar } from '../../../common/model';
import { applySidebarDelta } from '../../../common/sidebar-delta';
import { sidebarPublisherFor, type SidebarPublisher } from '../../../main/accounts/sidebar-publisher';
import type { EventListener } from '../../../main/event-listener';
import { buildSidebar } from '../../../main/accounts/views';
import { createLogger } from '../../../main/log';
import { AccountStore } from '../../../main/store/account-store';
import { applyEvents } from '../../../main/sync/apply-batch';
import { mergeDeltas, touchesUsers } from '../../../main/sync/deltas';
import { tempDir } from '../store/fixtures';
import { SELF, channelWire, dmWire, event, messageEvent, subscription, user } from '../sync/fixtures';

let store: AccountStore;
beforeEach(() => {
  store = AccountStore.open(join(tempDir(), 'a.sqlite'));
  return () => store.close();
});

/** A small deterministic generator (mulberry32), so a failure replays. */
/** The account's sidebar publisher on the test's store, as Account builds it; `emit` is the test's. */
function publisherOnStore(deps: { emit: EventListener }): SidebarPublisher {
  return sidebarPublisherFor({
    store,
    accountId: 'a',
    selfUserId: SELF,
    emit: deps.emit,
    unreadsIfChanged: () => null,
  });
}

function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const normal = (s: Sidebar) => ({
  ...s,
  channels: [...s.channels].sort((a, b) => a.id - b.id),
  users: [...s.users].sort((a, b) => a.id - b.id),
});

describe('sidebar rebuilt from touched rows only', () => {
  it('stays equal to the whole sidebar through 400 random events', () => {
    const ctx = { store, selfUserId: SELF, log: createLogger({ name: 'test', sink: () => {} }) };
    let eventId = 0;
    const apply = (raw: Record<string, unknown>) => applyEvents(ctx, [event({ id: ++eventId, ...raw })]);
    apply({ type: 'realm_user', op: 'add', person: user(SELF, 'Me') });
    for (const id of [2, 3, 4, 5]) apply({ type: 'realm_user', op: 'add', person: user(id, `User ${id}`) });
    apply({ type: 'subscription', op: 'add', subscriptions: [1, 2, 3].map((id) => subscription(id, `c${id}`)) });

    let renderer: Sidebar | null = null;
    let deltasSent = 0;
    const publisher = publisherOnStore({
      emit: (name, payload) => {
        if (name === 'sidebar:changed') renderer = (payload as Events['sidebar:changed']).sidebar;
        if (name === 'sidebar:delta') {
          deltasSent++;
          renderer = applySidebarDelta(renderer!, (payload as Events['sidebar:delta']).delta);
        }
      },
    });
    publisher.publish();

    const next = random(7);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    let messageId = 0;
    const sent: number[] = [];
    let partial = 0;
    for (let step = 0; step < 400; step++) {
      const r = next();
      let deltas;
      if (r < 0.45) {
        const id = ++messageId;
        sent.push(id);
        deltas = applyEvents(ctx, [
          messageEvent(++eventId, channelWire(id, pick([1, 2, 3, 4]), pick(['a', 'b', 'B', 'c', 'd']))),
        ]);
      } else if (r < 0.6) {
        const id = ++messageId;
        sent.push(id);
        deltas = applyEvents(ctx, [messageEvent(++eventId, dmWire(id, [SELF, pick([2, 3, 4])]))]);
      } else if (r < 0.8 && sent.length > 0) {
        deltas = apply({ type: 'update_message_flags', op: 'add', flag: 'read', messages: [pick(sent), pick(sent)] });
      } else if (r < 0.93 && sent.length > 0) {
        deltas = apply({ type: 'update_message_flags', op: 'remove', flag: 'read', messages: [pick(sent)] });
      } else if (r < 0.94) {
        deltas = apply({
          type: 'realm_user',
          op: 'update',
          person: { user_id: pick([2, 3, 4]), full_name: `N${step}` },
        });
      } else if (r < 0.96) {
        // Someone joins, or someone leaves (a guest's view losing them): one person's row each.
        deltas =
          next() < 0.5
            ? apply({ type: 'realm_user', op: 'add', person: user(100 + step, `Newcomer ${step}`) })
            : apply({ type: 'realm_user', op: 'remove', person: { user_id: pick([2, 3, 4, 5]), full_name: 'x' } });
      } else if (r < 0.98) {
        deltas = apply({ type: 'subscription', op: 'add', subscriptions: [subscription(4, 'c4')] });
      } else {
        deltas = apply({ type: 'update_message_flags', op: 'add', flag: 'read', messages: [], all: true });
      }
      const { sidebar } = mergeDeltas(deltas);
      if (sidebar && sidebar !== 'all') partial++;
      const people = touchesUsers(deltas);
      if (sidebar || people) publisher.publish(sidebar, people);
      expect(normal(renderer!), `after step ${step}`).toEqual(normal(buildSidebar(store, 'a', SELF)));
    }
    // The run really went through the partial path, and deltas were sent.
    expect(partial).toBeGreaterThan(200);
    expect(deltasSent).toBeGreaterThan(200);
  });

  it('reads the people only after a user event, and sends only who changed', () => {
    const ctx = { store, selfUserId: SELF, log: createLogger({ name: 'test', sink: () => {} }) };
    let eventId = 0;
    const apply = (raw: Record<string, unknown>) => applyEvents(ctx, [event({ id: ++eventId, ...raw })]);
    for (const id of [SELF, 2, 3]) apply({ type: 'realm_user', op: 'add', person: user(id, `User ${id}`) });
    apply({ type: 'subscription', op: 'add', subscriptions: [subscription(1, 'c1')] });
    const deltas: Events['sidebar:delta']['delta'][] = [];
    const publisher = publisherOnStore({
      emit: (name, payload) => {
        if (name === 'sidebar:delta') deltas.push((payload as Events['sidebar:delta']).delta);
      },
    });
    publisher.publish();
    // As AccountOutput.publish does: the people too when a delta says the users changed.
    const publishAsAccount = (applied: ReturnType<typeof apply>) => {
      const people = touchesUsers(applied);
      if (mergeDeltas(applied).sidebar || people) publisher.publish(mergeDeltas(applied).sidebar, people);
    };
    const reads = vi.spyOn(store.users, 'summaries');
    publishAsAccount(applyEvents(ctx, [messageEvent(++eventId, channelWire(1, 1, 'a'))]));
    // A whole-sidebar change (mark-all-read): every channel compared, not one person read.
    publishAsAccount(apply({ type: 'update_message_flags', op: 'add', flag: 'read', messages: [], all: true }));
    expect(reads).not.toHaveBeenCalled();
    expect(deltas).toHaveLength(2);
    expect(deltas.every((d) => d.users === undefined)).toBe(true);

    // A user event's write names its person: that one is read and compared, not all of them.
    const readsOf = vi.spyOn(store.users, 'summariesOf');
    publishAsAccount(apply({ type: 'realm_user', op: 'update', person: { user_id: 3, full_name: 'Renamed' } }));
    expect(reads).not.toHaveBeenCalled();
    expect(readsOf).toHaveBeenLastCalledWith([3]);
    expect(deltas.at(-1)?.users?.map((u) => [u.id, u.fullName])).toEqual([[3, 'Renamed']]);
    // Someone new, then someone's role: each goes alone.
    publishAsAccount(apply({ type: 'realm_user', op: 'add', person: user(9, 'New person') }));
    expect(deltas.at(-1)?.users?.map((u) => [u.id, u.fullName])).toEqual([[9, 'New person']]);
    publishAsAccount(apply({ type: 'realm_user', op: 'update', person: { user_id: 2, role: 200 } }));
    expect(deltas.at(-1)?.users?.map((u) => [u.id, u.role])).toEqual([[2, 200]]);
    // The same again changes nothing the sidebar shows: nothing is sent.
    const sent = deltas.length;
    publishAsAccount(apply({ type: 'realm_user', op: 'update', person: { user_id: 2, role: 200 } }));
    expect(deltas).toHaveLength(sent);
    expect(reads).not.toHaveBeenCalled();

    // A whole list written (a register's swap) compares everyone, and finds who is gone.
    store.users.replaceAll(store.users.all().filter((u) => u.id !== 9));
    publisher.publish(null, true);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(deltas.at(-1)?.removedUsers).toEqual([9]);
    expect(deltas.at(-1)?.users).toBeUndefined();
    // Again with nothing written since (a re-register that found everyone as cached): not read.
    const before = deltas.length;
    publisher.publish(null, true);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(deltas).toHaveLength(before);
  });
});
