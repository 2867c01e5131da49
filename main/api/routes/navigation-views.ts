/** Navigation views (FL 390), addressed by their fragment (e.g. "narrow/is/alerted", slashes encoded in paths). */
import * as z from 'zod';
import type { ApiClient, RequestOptions } from '../client';
import { SuccessEnvelope } from '../schemas/common';
import { NavigationView } from '../schemas/records';

const ViewsResponse = SuccessEnvelope.extend({ navigation_views: z.array(NavigationView) });

const viewPath = (fragment: string) => `/navigation_views/${encodeURIComponent(fragment)}`;

/** GET /navigation_views: the user's navigation views. */
export async function getNavigationViews(client: ApiClient, opts: RequestOptions = {}): Promise<NavigationView[]> {
  return (await client.request('GET', '/navigation_views', {}, ViewsResponse, opts)).navigation_views;
}

/** POST /navigation_views: a blank fragment is BAD_REQUEST; name only for custom views. */
export async function createNavigationView(
  client: ApiClient,
  params: { fragment: string; is_pinned: boolean; name?: string },
  opts: RequestOptions = {},
): Promise<void> {
  await client.request('POST', '/navigation_views', { ...params }, SuccessEnvelope, opts);
}

/** PATCH /navigation_views/{fragment}: unknown fragment is NOT_FOUND; a name on a built-in view is BAD_REQUEST. */
export async function editNavigationView(
  client: ApiClient,
  fragment: string,
  params: { is_pinned?: boolean; name?: string },
  opts: RequestOptions = {},
): Promise<void> {
  await client.request('PATCH', viewPath(fragment), { ...params }, SuccessEnvelope, opts);
}

/** DELETE /navigation_views/{fragment}: an unknown fragment is BAD_REQUEST (HTTP 404). */
export async function deleteNavigationView(
  client: ApiClient,
  fragment: string,
  opts: RequestOptions = {},
): Promise<void> {
  await client.request('DELETE', viewPath(fragment), {}, SuccessEnvelope, opts);
}
