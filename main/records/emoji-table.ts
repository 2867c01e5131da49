/**
 * The account's emoji names: the table the server publishes at register's
 * `server_emoji_data_url` (Zulip 6.0, FL 140), kept in the cache and fetched again only when the
 * URL changes (Zulip bakes a content hash into it). A server without the URL is answered with
 * null: the renderer then uses its bundled copy of Zulip's table. The file is a static asset, so
 * it is fetched without credentials (the API key never goes to that URL, whatever host it names),
 * through the account's client: the same proxy, certificates and deadline as its API requests.
 */
import { parseEmojiData, type CustomEmoji, type EmojiNameTable } from '../../common/emoji-names';
import type { ApiClient } from '../api/client';
import type { Logger } from '../log';
import type { AccountStore } from '../store/account-store';

const TIMEOUT_MS = 30_000;
/** Zulip's file is about 100 KB; anything far bigger is not an emoji table. */
const MAX_BYTES = 5_000_000;

export interface EmojiTableDeps {
  store: AccountStore;
  /** Fetches the table and resolves a relative URL against its organization; null when signed out. */
  client: ApiClient | null;
  log: Logger;
  /** The table changed: the renderer asks for it again. */
  onChanged(): void;
}

export class EmojiTable {
  readonly #d: EmojiTableDeps;
  #inFlight: string | null = null;

  constructor(d: EmojiTableDeps) {
    this.#d = d;
  }

  /** The server's table, or null when it publishes none (or it was never fetched). */
  names(): EmojiNameTable | null {
    return this.#d.store.emojiTable.get()?.codeToNames ?? null;
  }

  /**
   * The organization's custom emoji with their images' absolute URLs; one whose image is not a web
   * address (a hostile or broken server) is left out rather than handed to the renderer.
   */
  custom(): CustomEmoji[] {
    const { store } = this.#d;
    const realmUrl = this.#d.client?.realmUrl ?? null;
    return store.emojiTable.customEmoji().flatMap((e) => {
      let url: URL;
      try {
        url = new URL(e.sourceUrl, realmUrl === null ? undefined : `${realmUrl}/`);
      } catch {
        return [];
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:') return [];
      return [{ id: e.id, name: e.name, imageUrl: url.href, deactivated: e.deactivated }];
    });
  }

  /** A register answered: fetch the table when its URL is new. Never rejects. */
  async afterRegister(dataUrl: string | undefined): Promise<void> {
    const { store, client, log } = this.#d;
    const stored = store.emojiTable.get();
    if (dataUrl === undefined) {
      // An older server (or one downgraded): Zulip's bundled names apply.
      if (stored) this.#replace(() => store.emojiTable.clear());
      return;
    }
    if (client === null || stored?.url === dataUrl || this.#inFlight === dataUrl) return;
    this.#inFlight = dataUrl;
    try {
      const codeToNames = await fetchEmojiData(client, new URL(dataUrl, `${client.realmUrl}/`));
      this.#replace(() => store.emojiTable.set({ url: dataUrl, codeToNames }));
    } catch (e) {
      // The previous table (or the bundled one) stays in use; the next register tries again.
      log.warn('could not fetch the server’s emoji names', { reason: e instanceof Error ? e.message : String(e) });
    } finally {
      this.#inFlight = null;
    }
  }

  #replace(write: () => void): void {
    if (!this.#d.store.db.open) return;
    write();
    this.#d.onChanged();
  }
}

async function fetchEmojiData(client: ApiClient, url: URL): Promise<Record<string, string[]>> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`the emoji data URL is not a web address (${url.protocol})`);
  }
  // The client's errors already say which host could not be reached, and why.
  const res = await client.publicGet(url, { timeoutMs: TIMEOUT_MS });
  if (res.status < 200 || res.status > 299) throw new Error(`${url.host} answered ${res.status} for the emoji data`);
  const text = res.body;
  if (text.length > MAX_BYTES) throw new Error('the emoji data is too large to be an emoji table');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error('the emoji data is not JSON');
  }
  const table = parseEmojiData(body);
  if (!table) throw new Error('the emoji data has no valid code_to_names');
  return table;
}
