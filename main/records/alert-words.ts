/**
 * Alert words for the renderer: the list from the cache, changes through the server. As with
 * every record, the cache changes only when the alert_words event comes back.
 */
import { addAlertWords, removeAlertWords } from '../api/routes/alert-words';
import type { AccountStore } from '../store/account-store';
import type { ActionContext } from './channel-actions';

export function listAlertWords(store: AccountStore): string[] {
  return store.alertWords.all();
}

export async function addWords(ctx: ActionContext, words: string[]): Promise<null> {
  await addAlertWords(ctx.client, words);
  return null;
}

export async function removeWords(ctx: ActionContext, words: string[]): Promise<null> {
  await removeAlertWords(ctx.client, words);
  return null;
}
