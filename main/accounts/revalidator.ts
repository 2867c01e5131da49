/**
 * Checks cached ranges against the server again after an event gap. A lost queue may have hidden
 * edits, deletes and moves anywhere in the cache, so the new queue's snapshot marks every range
 * unverified (store/repos/unverified-ranges.ts). Views still answer from the cache at once
 * (offline first); this then fetches, in the background and one request at a time:
 *
 * 1. the windows the user looked at (answered from an unverified range), the latest first;
 * 2. after a gap, every unverified range, the open view's first, then the newest first, at most
 *    REVALIDATE_PER_MINUTE requests a minute; it stops when the account closes.
 *
 * Each fetch replaces what it covers (./page-store.ts) and the differences go out as deltas
 * (messages:added / updated / removed), so the screen is corrected in place. When the server
 * cannot be asked, it stops; the next view or gap starts it again.
 */
import { ApiError } from '../api';
import type { Logger } from '../log';
import type { AccountStore } from '../store/account-store';
import { filterKey, filterOfKey, type NarrowFilter } from '../store/narrows';
import type { Delta } from '../sync/deltas';
import type { PageAnchor } from './cache-page';
import type { Pager, PageResult } from './pager';
import { RequestBudget } from './request-budget';

/** Messages asked for per request when walking an unverified range, newest first. */
export const REVALIDATE_BATCH = 500;
/** Background walk requests per minute at most (500 messages each); a window the user looks at is not held back. */
export const REVALIDATE_PER_MINUTE = 30;
/** Rounds in a row that verify nothing (events kept touching the pages) before the walk waits for the next view or gap. */
const MAX_STALLS = 3;
/** Unverified ranges looked at when choosing the next one. */
const LOOKAHEAD = 1000;

interface Job {
  filter: NarrowFilter;
  anchor: PageAnchor;
  before: number;
  after: number;
}

export interface RevalidatorDeps {
  store: AccountStore;
  pager: Pager;
  /** The narrow on screen, checked first. */
  openView: () => NarrowFilter | null;
  publish: (deltas: Delta[]) => void;
  log: Logger;
  /** Caps the walk's requests (default REVALIDATE_PER_MINUTE). */
  budget?: RequestBudget;
}

export class Revalidator {
  readonly #d: RevalidatorDeps;
  /** Windows the user looked at, the latest first. */
  #viewed: Job[] = [];
  #walkRanges = false;
  #running: Promise<void> | null = null;
  #closed = false;

  readonly #budget: RequestBudget;

  constructor(deps: RevalidatorDeps) {
    this.#d = deps;
    this.#budget = deps.budget ?? new RequestBudget(REVALIDATE_PER_MINUTE);
  }

  /** A view was answered from a range not checked since the last gap. */
  viewed(filter: NarrowFilter, anchor: PageAnchor, before: number, after: number): void {
    const key = filterKey(filter);
    this.#viewed = [
      { filter, anchor, before, after },
      ...this.#viewed.filter((j) => filterKey(j.filter) !== key || j.anchor !== anchor),
    ];
    this.#kick();
  }

  /** A new queue replaced a lost one: every unverified range is checked. */
  afterGap(): void {
    this.#walkRanges = true;
    this.#kick();
  }

  /**
   * Events were applied: a walk that paused (events kept touching its pages) goes on, and one
   * starts for what the events put in doubt (a copy not checked since a gap moved into a range), or
   * what a stored page left in doubt (Pager onDoubt).
   */
  resume(): void {
    if (!this.#walkRanges && this.#d.store.unverified.count() === 0) return;
    this.#walkRanges = true;
    this.#kick();
  }

  /** Resolves when nothing is left to do (or the server could not be asked). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  close(): void {
    this.#closed = true;
  }

  #kick(): void {
    if (this.#closed || this.#running) return;
    this.#running = this.#drain()
      .catch((e: unknown) => this.#d.log.warn('checking cached messages again failed', { error: e }))
      .finally(() => (this.#running = null));
  }

  async #drain(): Promise<void> {
    let stalls = 0;
    while (!this.#closed) {
      const viewed = this.#viewed.shift();
      const job = viewed ?? this.#nextRange();
      if (!job) return;
      if (!viewed) await this.#budget.take();
      if (this.#closed) return;
      const newest = this.#d.store.messages.newestId();
      const unverifiedBefore = this.#d.store.unverified.span(newest);
      let result: PageResult;
      try {
        result = await this.#d.pager.fetch(job.filter, job.anchor, job.before, job.after, { report: true });
      } catch (e) {
        // Anything but the server's refusal (a full disk, a closed cache) stops the walk.
        if (!(e instanceof ApiError)) throw e;
        // Refused for good (the narrow is gone, or no longer ours to read): what the cache holds
        // there can no longer be vouched for.
        this.#d.log.info('the server refused to show a cached narrow again; forgetting its ranges', { error: e });
        const key = filterKey(job.filter);
        this.#d.store.transaction(() => {
          this.#d.store.ranges.forget(key);
          this.#d.store.unverified.forget(key);
        });
        continue;
      }
      // The server could not be asked: the cache stays as it is until the next view or gap.
      if (result.fromCache) return;
      this.#publish(result);
      if (viewed) continue;
      stalls = this.#d.store.unverified.span(newest) < unverifiedBefore ? 0 : stalls + 1;
      if (stalls >= MAX_STALLS) {
        // Not given up: the next batch of events, view or gap walks on from here (resume()).
        this.#d.log.info('cached ranges keep changing while being checked; trying again later');
        return;
      }
    }
  }

  #nextRange(): Job | null {
    if (!this.#walkRanges) return null;
    const ranges = this.#d.store.unverified.newestFirst(LOOKAHEAD);
    const open = this.#d.openView();
    const openKey = open ? filterKey(open) : null;
    const next = ranges.find((r) => r.key === openKey) ?? ranges[0];
    if (!next) {
      this.#walkRanges = false;
      return null;
    }
    const filter = filterOfKey(next.key);
    if (!filter) {
      // Not a key this version writes: nothing can check it, so it is not kept as a doubt.
      this.#d.store.unverified.clear(next.key, next.lo, next.hi);
      return this.#nextRange();
    }
    return { filter, anchor: next.hi, before: REVALIDATE_BATCH, after: 0 };
  }

  #publish(r: PageResult): void {
    const deltas = deltasOf(r);
    if (deltas.length > 0) this.#d.publish(deltas);
  }
}

/** What a fetch changed in the cache, as deltas for the screen (nothing when it changed nothing). */
export function deltasOf(r: PageResult): Delta[] {
  const deltas: Delta[] = [];
  if (r.newIds.length > 0) deltas.push({ kind: 'messagesAdded', ids: r.newIds });
  if (r.changedIds.length > 0) deltas.push({ kind: 'messagesUpdated', ids: r.changedIds });
  if (r.removedIds.length > 0) deltas.push({ kind: 'messagesRemoved', ids: r.removedIds });
  if (deltas.length > 0) deltas.push({ kind: 'sidebarChanged' });
  return deltas;
}
