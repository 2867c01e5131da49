/**
 * The randomized scripts of the cache model test: server-side sends, edits, deletes, moves,
 * reactions and flag changes (made by the same user on "another device", so every change is
 * something the account's queue hears of), queue losses and reconnects, event drains, and page
 * requests whose answers may be held back while later steps run. A script runs against a
 * CacheRig in two fresh channels of its own.
 */
import fc from 'fast-check';
import type { NarrowFilter } from '../../../main/store/narrows';
import type { Actor } from './actor';
import type { CacheRig } from './cache-rig';

export const TOPICS = ['t0', 't1', 't2'] as const;

export type Step =
  | { kind: 'send'; channel: number; topic: number }
  | { kind: 'edit'; pick: number }
  | { kind: 'delete'; pick: number }
  | { kind: 'move'; pick: number; channel: number; topic: number; mode: 'change_one' | 'change_later' | 'change_all' }
  | { kind: 'react'; pick: number; emoji: number }
  | { kind: 'flag'; pick: number; flag: 'read' | 'starred'; op: 'add' | 'remove' }
  | { kind: 'lose' }
  | { kind: 'reconnect' }
  | { kind: 'drain' }
  | { kind: 'page'; narrow: number; anchor: number | 'newest' | 'oldest'; before: number; after: number; hold: number };

const pick = fc.nat(50);
const SERVER_CHANGES = new Set<Step['kind']>(['send', 'edit', 'delete', 'move', 'react', 'flag']);
export const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('send' as const), channel: fc.nat(1), topic: fc.nat(2) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('edit' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      pick,
      channel: fc.nat(1),
      topic: fc.nat(2),
      mode: fc.constantFrom('change_one' as const, 'change_later' as const, 'change_all' as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('react' as const), pick, emoji: fc.nat(1) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('flag' as const),
      pick,
      flag: fc.constantFrom('read' as const, 'starred' as const),
      op: fc.constantFrom('add' as const, 'remove' as const),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'lose' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reconnect' as const }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'drain' as const }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('page' as const),
      narrow: fc.nat(7),
      anchor: fc.oneof(fc.constantFrom('newest' as const, 'oldest' as const), pick),
      before: fc.nat(12),
      after: fc.nat(12),
      hold: fc.nat(3),
    }),
  },
);

/** One script's world: the user (as another device), the account's rig, two channels. */
export class ScriptRun {
  /** Messages sent in this run that were not deleted (what `pick` chooses from). */
  readonly ids: number[] = [];
  readonly counts: Partial<Record<Step['kind'] | 'heldPage', number>> = {};

  constructor(
    readonly me: Actor,
    readonly rig: CacheRig,
    readonly channels: readonly [number, number],
  ) {}

  /** Channel A, channel B, and A's and B's topics: the narrows pages are asked for. */
  narrows(): NarrowFilter[] {
    const [a, b] = this.channels;
    return [
      { kind: 'channel', channelId: a },
      { kind: 'channel', channelId: b },
      ...TOPICS.map((topic) => ({ kind: 'topic' as const, channelId: a, topic })),
      ...TOPICS.map((topic) => ({ kind: 'topic' as const, channelId: b, topic })),
    ];
  }

  async run(steps: readonly Step[]): Promise<void> {
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      if (step.kind === 'page' && step.hold > 0) {
        this.counts.page = (this.counts.page ?? 0) + 1;
        this.counts.heldPage = (this.counts.heldPage ?? 0) + 1;
        i = await this.#heldPage(step, steps, i);
        continue;
      }
      await this.#do(step);
    }
  }

  /** A page whose answer waits while the next `hold` steps run; returns the last step index used. */
  async #heldPage(step: Step & { kind: 'page' }, steps: readonly Step[], at: number): Promise<number> {
    const held = this.rig.hold();
    const page = held.around(() => this.#page(step));
    // Answered from the cache (nothing to hold) or by the server (held back now).
    await Promise.race([held.answered, page]);
    const last = Math.min(steps.length - 1, at + step.hold);
    for (let j = at + 1; j <= last; j++) {
      const next = steps[j]!;
      // A held page inside a held page is asked without a hold of its own.
      await this.#do(next.kind === 'page' ? { ...next, hold: 0 } : next);
    }
    held.release();
    await page;
    return last;
  }

  async #do(step: Step): Promise<void> {
    this.counts[step.kind] = (this.counts[step.kind] ?? 0) + 1;
    await this.#apply(step);
    // While the queue lives, the sync loop applies a change's events promptly (inside a held
    // page's wait too: the race the page store must win).
    if (SERVER_CHANGES.has(step.kind)) await this.rig.drain();
  }

  async #apply(step: Step): Promise<void> {
    const { rig, me } = this;
    const id = 'pick' in step ? this.ids[step.pick % Math.max(1, this.ids.length)] : undefined;
    switch (step.kind) {
      case 'send': {
        const sent = await me.sendToChannel(
          this.channels[step.channel]!,
          TOPICS[step.topic]!,
          `message ${this.ids.length}`,
        );
        this.ids.push(sent);
        return;
      }
      case 'edit':
        if (id !== undefined)
          await this.#server('PATCH', `/messages/${id}`, { content: `edit ${this.counts.edit ?? 0} of ${id}` });
        return;
      case 'delete':
        if (id !== undefined && (await this.#server('DELETE', `/messages/${id}`)))
          this.ids.splice(this.ids.indexOf(id), 1);
        return;
      case 'move':
        if (id !== undefined) {
          await this.#server('PATCH', `/messages/${id}`, {
            topic: TOPICS[step.topic],
            stream_id: this.channels[step.channel],
            propagate_mode: step.mode,
            send_notification_to_old_thread: false,
            send_notification_to_new_thread: false,
          });
        }
        return;
      case 'react':
        if (id !== undefined) {
          const emoji = { emoji_name: step.emoji === 0 ? 'octopus' : 'tada' };
          if (!(await this.#server('POST', `/messages/${id}/reactions`, emoji))) {
            await this.#server('DELETE', `/messages/${id}/reactions`, emoji);
          }
        }
        return;
      case 'flag':
        if (id !== undefined)
          await this.#server('POST', '/messages/flags', { messages: [id], op: step.op, flag: step.flag });
        return;
      case 'lose':
        rig.loseQueue();
        return;
      case 'reconnect':
        if (!rig.live) await rig.reconnect();
        return;
      case 'drain':
        await rig.drain();
        return;
      case 'page':
        await this.#page(step);
        return;
    }
  }

  async #page(step: Step & { kind: 'page' }): Promise<void> {
    const narrows = this.narrows();
    const filter = narrows[step.narrow % narrows.length]!;
    const anchor =
      typeof step.anchor === 'number'
        ? (this.ids[step.anchor % Math.max(1, this.ids.length)] ?? 'newest')
        : step.anchor;
    await this.rig.pager.page(filter, anchor, step.before, step.after);
  }

  /** A change by the user on another device; false when the server refused it (e.g. nothing to move). */
  async #server(method: string, path: string, params: Record<string, unknown> = {}): Promise<boolean> {
    try {
      await this.me.call(method, path, params);
      return true;
    } catch {
      return false;
    }
  }
}
