/** Alert words: words or phrases that notify the user like a mention when a message contains one. */
import type { ApiClient, RequestOptions } from '../client';
import { AlertWordsResponse } from '../schemas/presence';

/** GET /users/me/alert_words: the user's words, in the order they were added. */
export async function getAlertWords(client: ApiClient, opts: RequestOptions = {}): Promise<string[]> {
  return (await client.request('GET', '/users/me/alert_words', {}, AlertWordsResponse, opts)).alert_words;
}

/** POST /users/me/alert_words: adds words (a word over 100 characters is BAD_REQUEST); answers the whole list. */
export async function addAlertWords(client: ApiClient, words: string[], opts: RequestOptions = {}): Promise<string[]> {
  return (await client.request('POST', '/users/me/alert_words', { alert_words: words }, AlertWordsResponse, opts))
    .alert_words;
}

/** DELETE /users/me/alert_words: removes words, whatever their case; answers the whole list. */
export async function removeAlertWords(
  client: ApiClient,
  words: string[],
  opts: RequestOptions = {},
): Promise<string[]> {
  return (await client.request('DELETE', '/users/me/alert_words', { alert_words: words }, AlertWordsResponse, opts))
    .alert_words;
}
