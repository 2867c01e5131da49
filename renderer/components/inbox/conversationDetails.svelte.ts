/**
 * Participants and last-message times of the rows Recent conversations shows, asked of main in
 * one call for all of them (main reads them from the cache in one statement per kind) whenever
 * what the rows hold changes: a row added, gone, or with a newer message.
 */
import { SvelteMap } from 'svelte/reactivity';
import type { ConversationDetails } from '../../../common/ipc/conversations-contract';
import type { Narrow } from '../../../common/model';
import { describe } from '../../lib/bridge';
import type { Conversation } from '../../lib/conversations';

export type LoadDetails = (conversations: Narrow[]) => Promise<ConversationDetails[]>;

export class ConversationDetailsState {
  readonly #byKey = new SvelteMap<string, ConversationDetails>();
  /** What was last asked for: each row's key and newest message. */
  #asked = '';
  error = $state<string | null>(null);

  constructor(private readonly load: LoadDetails) {}

  of(key: string): ConversationDetails | null {
    return this.#byKey.get(key) ?? null;
  }

  refresh(rows: readonly Conversation[]): void {
    const asked = rows.map((c) => `${c.key}\u0000${c.latestId}`).join('\u0001');
    if (asked === this.#asked || rows.length === 0) return;
    this.#asked = asked;
    this.load(rows.map((c) => c.narrow)).then(
      (list) => {
        // An answer to an older question is dropped: a newer one is on its way.
        if (asked !== this.#asked) return;
        list.forEach((details, i) => this.#byKey.set(rows[i]!.key, details));
        this.error = null;
      },
      (error: unknown) => {
        if (asked !== this.#asked) return;
        // Asked again at the next change; the rows stay usable without their details meanwhile.
        this.#asked = '';
        this.error = `Participants and times could not be loaded: ${describe(error)}`;
      },
    );
  }
}
