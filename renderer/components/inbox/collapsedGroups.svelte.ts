/**
 * Which Inbox groups the user collapsed, per account. Kept for as long as the app runs (leaving
 * the Inbox and coming back keeps it) and, as Zulip keeps it in local storage
 * (`inbox_collapsed_containers`), across restarts where the page has storage; a page without it
 * (or a full or refusing one) only loses the restart part.
 */
import { SvelteSet } from 'svelte/reactivity';

const STORAGE_PREFIX = 'parley.inbox.collapsed.';
// A registry, never rendered from: each CollapsedGroups holds its own reactive set.
// eslint-disable-next-line svelte/prefer-svelte-reactivity
const byAccount = new Map<string, CollapsedGroups>();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // A sandboxed page may refuse to hand out storage at all.
    return null;
  }
}

export class CollapsedGroups {
  readonly #keys: SvelteSet<string>;

  constructor(private readonly accountId: string) {
    this.#keys = new SvelteSet(CollapsedGroups.#load(accountId));
  }

  static #load(accountId: string): string[] {
    try {
      const saved: unknown = JSON.parse(storage()?.getItem(STORAGE_PREFIX + accountId) ?? '[]');
      return Array.isArray(saved) ? saved.filter((k): k is string => typeof k === 'string') : [];
    } catch {
      return [];
    }
  }

  has(key: string): boolean {
    return this.#keys.has(key);
  }

  toggle(key: string): void {
    if (this.#keys.has(key)) this.#keys.delete(key);
    else this.#keys.add(key);
    try {
      storage()?.setItem(STORAGE_PREFIX + this.accountId, JSON.stringify([...this.#keys]));
    } catch {
      // Full or refusing storage: the state still holds while the app runs.
    }
  }
}

/** The one CollapsedGroups of an account, so the state outlives the Inbox screen. */
export function collapsedGroupsOf(accountId: string): CollapsedGroups {
  let groups = byAccount.get(accountId);
  if (!groups) {
    groups = new CollapsedGroups(accountId);
    byAccount.set(accountId, groups);
  }
  return groups;
}
