/**
 * The People list's order, kept up to date per presence change: active, then idle, then the
 * people of the most recent direct-message conversations, then everyone else, by name within
 * each group except the conversations' (newest first). At 30,000 people re-ranking everyone on
 * every status change held the page; here a change moves only the people whose status differs,
 * the active and idle groups are small sorted lists, and "everyone else" is the name order
 * walked past the others, only as far as it is read.
 */
import type { PresenceStatus, UserSummary } from '../../../common/model';

/** Where the statuses come from: PresenceState (renderer/state/presence.svelte.ts). */
export interface PresenceSource {
  /** Who is around; anyone missing is offline. */
  readonly statuses: ReadonlyMap<number, PresenceStatus>;
  /** Moves on whenever a status changes. */
  readonly version: number;
  /** Who may have moved after `version`, or null to compare everyone. */
  movedSince(version: number): readonly number[] | null;
}

export class PeopleRanking implements Iterable<UserSummary> {
  readonly #named: readonly UserSummary[];
  /** Each listable person's place in the name order. */
  readonly #place = new Map<number, number>();
  /** The statuses placed so far (only active and idle), and the source's version they are of. */
  readonly #held = new Map<number, 'active' | 'idle'>();
  #version: number | null = null;
  /** Places in the name order of who is active, and of who is idle, ascending. */
  readonly #active: number[] = [];
  readonly #idle: number[] = [];
  #partners: readonly number[] = [];
  /** The listable DM partners, most recent conversation first; skipped while active or idle. */
  #partnerOrder: number[] = [];
  #partnerSet: ReadonlySet<number> = new Set();

  /** `named`: listablePeople's list, in name order. */
  constructor(named: readonly UserSummary[]) {
    this.#named = named;
    named.forEach((u, i) => this.#place.set(u.id, i));
  }

  /** How many people are ranked: everyone listable. */
  get length(): number {
    return this.#named.length;
  }

  /**
   * Brings the ranking to the source's statuses and these recent DM partners (newest
   * conversation first): only the people who moved since the last update are looked at.
   */
  update(presence: PresenceSource, dmPartners: readonly number[]): void {
    const version = presence.version;
    if (version !== this.#version) {
      const moved = this.#version === null ? null : presence.movedSince(this.#version);
      const statuses = presence.statuses;
      for (const userId of moved ?? new Set([...this.#held.keys(), ...statuses.keys()])) {
        const status = statuses.get(userId);
        this.#move(userId, this.#held.get(userId), status === 'active' || status === 'idle' ? status : undefined);
      }
      this.#version = version;
    }
    if (dmPartners !== this.#partners) {
      this.#partners = dmPartners;
      // A person listed twice counts at their last place, as a Map built from the list keeps it.
      const recency = new Map(dmPartners.map((id, i) => [id, i]));
      this.#partnerOrder = [...recency.keys()]
        .filter((id) => this.#place.has(id))
        .sort((a, b) => recency.get(a)! - recency.get(b)!);
      this.#partnerSet = new Set(this.#partnerOrder);
    }
  }

  *[Symbol.iterator](): Iterator<UserSummary> {
    for (const place of this.#active) yield this.#named[place]!;
    for (const place of this.#idle) yield this.#named[place]!;
    for (const id of this.#partnerOrder) if (this.#isOffline(id)) yield this.#named[this.#place.get(id)!]!;
    for (const u of this.#named) if (this.#isOffline(u.id) && !this.#partnerSet.has(u.id)) yield u;
  }

  #isOffline(userId: number): boolean {
    return !this.#held.has(userId);
  }

  #move(userId: number, from: 'active' | 'idle' | undefined, to: 'active' | 'idle' | undefined): void {
    if (from === to) return;
    const place = this.#place.get(userId);
    if (place === undefined) return;
    if (to) this.#held.set(userId, to);
    else this.#held.delete(userId);
    const group = (status: 'active' | 'idle' | undefined): number[] | null =>
      status === 'active' ? this.#active : status === 'idle' ? this.#idle : null;
    const out = group(from);
    const into = group(to);
    if (out === into) return;
    if (out) out.splice(sortedIndex(out, place), 1);
    if (into) into.splice(sortedIndex(into, place), 0, place);
  }
}

/** Where `value` is, or goes, in an ascending list. */
function sortedIndex(list: readonly number[], value: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (list[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
