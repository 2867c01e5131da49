/**
 * People a message names whom the cache does not know. With the `user_list_incomplete` capability a
 * server that limits a guest's view of people (can_access_all_users_group) leaves some out of
 * register, and an organization that widens that view later sends no event for them; so when a
 * message (sender, DM recipient, mention, reaction) or a typing notice names someone unknown, we ask
 * GET /users/{id} once, store the answer and say the users changed. A refusal ("Insufficient
 * permission": the server keeps that person from us) is remembered until the next register, so the
 * renderer's next read does not ask again; it shows Zulip's "Unknown user" meanwhile.
 */
import type { MessageView } from '../../common/model';
import { ApiError, getUser, type ApiClient } from '../api';
import type { Logger } from '../log';
import type { AccountStore } from '../store/account-store';
import type { Delta } from '../sync/deltas';
import { toStoredUser } from '../sync/convert';

export interface UnknownUsersDeps {
  store: AccountStore;
  client: ApiClient | null;
  log: Logger;
  publish: (deltas: Delta[]) => void;
}

const MENTION = /\bdata-user-id="(\d+)"/g;

/** Every user a message view names: sender, DM participants, reactors and mentioned people. */
export function usersNamedBy(view: MessageView): number[] {
  const ids = [view.senderId, ...(view.dmUserIds ?? []), ...view.reactions.flatMap((r) => r.userIds)];
  for (const match of view.contentHtml.matchAll(MENTION)) ids.push(Number(match[1]));
  return ids;
}

/** The users named by deltas that carry no message: who is typing or editing. */
export function usersNamedByDeltas(deltas: readonly Delta[]): number[] {
  return deltas.flatMap((d) => (d.kind === 'typing' || d.kind === 'typingEdit' ? [d.senderId] : []));
}

export class UnknownUsers {
  readonly #d: UnknownUsersDeps;
  readonly #asking = new Map<number, Promise<void>>();
  readonly #refused = new Set<number>();
  /** The organization's can_access_all_users_group when the refusals were collected. */
  #accessSetting: string;

  constructor(deps: UnknownUsersDeps) {
    this.#d = deps;
    this.#accessSetting = this.#currentAccessSetting();
  }

  /** Asks the server about each of these not in the cache (not awaited: the caller shows what it has). */
  notice(ids: Iterable<number>): void {
    const open = [...new Set(ids)].filter((id) => id > 0 && !this.#refused.has(id) && !this.#asking.has(id));
    if (open.length === 0) return;
    // One query for the lot: this runs on every batch of new messages.
    const known = this.#d.store.users.fullNames(open);
    for (const id of open) if (!known.has(id)) void this.lookUp(id);
  }

  /** One request per user at a time; resolves once the answer is stored (or the refusal noted). */
  lookUp(id: number): Promise<void> {
    const client = this.#d.client;
    if (!client) return Promise.resolve();
    let asking = this.#asking.get(id);
    if (!asking) {
      asking = this.#ask(client, id).finally(() => this.#asking.delete(id));
      this.#asking.set(id, asking);
    }
    return asking;
  }

  refused(id: number): boolean {
    return this.#refused.has(id);
  }

  /** A new register may have changed whom the server lets us see: ask again when named. */
  forgetRefusals(): void {
    this.#refused.clear();
    this.#accessSetting = this.#currentAccessSetting();
  }

  /**
   * The organization's settings changed: if it was can_access_all_users_group, people refused
   * before may be ours to see now (Zulip sends no per-person event when a guest's view widens).
   */
  realmChanged(): void {
    if (this.#currentAccessSetting() !== this.#accessSetting) this.forgetRefusals();
  }

  #currentAccessSetting(): string {
    return JSON.stringify(this.#d.store.realm.get('realm_can_access_all_users_group') ?? null);
  }

  async #ask(client: ApiClient, id: number): Promise<void> {
    try {
      const user = await getUser(client, String(id));
      this.#d.store.users.upsert(toStoredUser(user));
      this.#d.publish([
        { kind: 'sidebarChanged', touched: { dms: true } },
        { kind: 'recordsChanged', areas: ['users'] },
      ]);
    } catch (e) {
      // The server answered no (not ours to see, or no such user): asking again would get the same.
      if (e instanceof ApiError && e.httpStatus >= 400 && e.httpStatus < 500 && e.httpStatus !== 429) {
        this.#refused.add(id);
        this.#d.log.debug('the server keeps a user named in a message from us', { user_id: id, code: e.code });
      } else this.#d.log.info('could not look up a user named in a message', { user_id: id, error: e });
    }
  }
}
