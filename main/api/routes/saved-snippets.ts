/** Saved snippets (FL 297; editing FL 368). */
import * as z from 'zod';
import type { ApiClient, RequestOptions } from '../client';
import { SuccessEnvelope } from '../schemas/common';
import { SavedSnippet } from '../schemas/records';

const SnippetsResponse = SuccessEnvelope.extend({ saved_snippets: z.array(SavedSnippet) });
const CreateSnippetResponse = SuccessEnvelope.extend({ saved_snippet_id: z.number().int() });

/** GET /saved_snippets: the user's snippets. */
export async function getSavedSnippets(client: ApiClient, opts: RequestOptions = {}): Promise<SavedSnippet[]> {
  return (await client.request('GET', '/saved_snippets', {}, SnippetsResponse, opts)).saved_snippets;
}

/** POST /saved_snippets: an empty title is BAD_REQUEST. Returns the new snippet's ID. */
export async function createSavedSnippet(
  client: ApiClient,
  params: { title: string; content: string },
  opts: RequestOptions = {},
): Promise<number> {
  return (await client.request('POST', '/saved_snippets', { ...params }, CreateSnippetResponse, opts)).saved_snippet_id;
}

/** PATCH /saved_snippets/{saved_snippet_id} (FL 368): an unknown ID is BAD_REQUEST (HTTP 404). */
export async function editSavedSnippet(
  client: ApiClient,
  snippetId: number,
  params: { title?: string; content?: string },
  opts: RequestOptions = {},
): Promise<void> {
  await client.request('PATCH', `/saved_snippets/${snippetId}`, { ...params }, SuccessEnvelope, opts);
}

/** DELETE /saved_snippets/{saved_snippet_id}: an unknown ID is BAD_REQUEST (HTTP 404). */
export async function deleteSavedSnippet(
  client: ApiClient,
  snippetId: number,
  opts: RequestOptions = {},
): Promise<void> {
  await client.request('DELETE', `/saved_snippets/${snippetId}`, {}, SuccessEnvelope, opts);
}
