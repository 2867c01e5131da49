/** The drafts API: drafts synced between the user's clients (when enable_drafts_synchronization is on). */
import * as z from 'zod';
import type { ApiClient, RequestOptions } from '../client';
import { SuccessEnvelope } from '../schemas/common';
import { Draft, type DraftType } from '../schemas/records';

/** A draft as sent: no id (the server assigns it); timestamp is the edit time in UNIX seconds. */
export interface DraftInput {
  type: DraftType;
  to: number[];
  topic: string;
  content: string;
  timestamp?: number;
}

const DraftsResponse = SuccessEnvelope.extend({ drafts: z.array(Draft) });
const CreateDraftsResponse = SuccessEnvelope.extend({ ids: z.array(z.number().int()) });

/** GET /drafts: the user's synced drafts, most recently edited first. */
export async function getDrafts(client: ApiClient, opts: RequestOptions = {}): Promise<Draft[]> {
  return (await client.request('GET', '/drafts', {}, DraftsResponse, opts)).drafts;
}

/** POST /drafts: creates drafts; returns their IDs in the same order. */
export async function createDrafts(
  client: ApiClient,
  drafts: DraftInput[],
  opts: RequestOptions = {},
): Promise<number[]> {
  const res = await client.request('POST', '/drafts', { drafts }, CreateDraftsResponse, opts);
  if (res.ids.length !== drafts.length)
    throw new Error(`POST /drafts returned ${res.ids.length} IDs for ${drafts.length} drafts`);
  return res.ids;
}

/** PATCH /drafts/{draft_id}: replaces the draft whole. An unknown ID is BAD_REQUEST (HTTP 404). */
export async function editDraft(
  client: ApiClient,
  draftId: number,
  draft: DraftInput,
  opts: RequestOptions = {},
): Promise<void> {
  await client.request('PATCH', `/drafts/${draftId}`, { draft }, SuccessEnvelope, opts);
}

/** DELETE /drafts/{draft_id}: an unknown ID is BAD_REQUEST (HTTP 404). */
export async function deleteDraft(client: ApiClient, draftId: number, opts: RequestOptions = {}): Promise<void> {
  await client.request('DELETE', `/drafts/${draftId}`, {}, SuccessEnvelope, opts);
}
