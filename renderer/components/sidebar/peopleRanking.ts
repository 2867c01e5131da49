/**
 * The People list's order, kept up to date per presence change: active, then idle, then the
 * people of the most recent direct-message conversations, then everyone else, by name within
 * each group except the conversations' (newest first). At 30,000 people re-ranking everyone on
 * every status change held the page; here a change moves only the people whose status differs,
 * the active and idle groups are small sorted lists, and "everyone else" is the name order
 * walked past the others, only as far as it is read.
 */
import type { PresenceStatus, UserSummary } from '../../../common/model';

export class PeopleRanking implements Iterable<UserSummary> {
  readonly #named: readonly UserSummary[];
  /** Each listable person's place in the name order. */
  readonly #place = new Map<number, number>();
  #statuses: ReadonlyMap<number, PresenceStatus> = new Map();
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
   * Brings the ranking to these statuses (anyone missing is offline) and recent DM partners
   * (newest conversation first): only the people whose status differs from the last update move.
   */
  update(statuses: ReadonlyMap<number, PresenceStatus>, dmPartners: readonly number[]): void {
    if (statuses !== this.#statuses) {
      const before = this.#statuses;
      this.#statuses = statuses;
      for (const [userId, status] of statuses)
        if (before.get(userId) !== status) this.#move(userId, before.get(userId), status);
      for (const [userId, status] of before) if (!statuses.has(userId)) this.#move(userId, status, undefined);
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
    const status = this.#statuses.get(userId);
    return status !== 'active' && status !== 'idle';
  }

  #move(userId: number, from: PresenceStatus | undefined, to: PresenceStatus | undefined): void {
    const place = this.#place.get(userId);
    if (place === undefined) return;
    const group = (status: PresenceStatus | undefined): number[] | null =>
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
