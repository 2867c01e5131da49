/**
 * Helpers of the records tests: users signed in through main/api, and plain HTTP for "another
 * client" (deliberately not main/api, so the code under test is not also the test's tool).
 */
import { ApiClient, type ApiError } from '../../../main/api';
import { fetchApiKey } from '../../../main/api/routes/auth';
import type { DevServerUser, RunningDevServer } from '../../helpers/devserver';

export interface Person {
  client: ApiClient;
  userId: number;
  email: string;
  apiKey: string;
  baseUrl: string;
}

export async function person(dev: RunningDevServer, user: DevServerUser): Promise<Person> {
  const base = new ApiClient({ realmUrl: dev.baseUrl });
  const key = await fetchApiKey(base, { username: user.email, password: user.password });
  return {
    client: base.withAuth({ email: key.email, apiKey: key.api_key }),
    userId: key.user_id,
    email: key.email,
    apiKey: key.api_key,
    baseUrl: dev.baseUrl,
  };
}

/** One request as another client would make it; non-strings are JSON text. Throws on an error envelope. */
export async function raw(
  p: Person,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  params: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  const query = method === 'GET' || method === 'DELETE';
  const url = `${p.baseUrl}/api/v1${path}${query ? `?${form}` : ''}`;
  const res = await fetch(url, {
    method,
    headers: { Authorization: `Basic ${Buffer.from(`${p.email}:${p.apiKey}`).toString('base64')}` },
    ...(query ? {} : { body: form }),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (json['result'] !== 'success') throw new Error(`${method} ${path} failed: ${JSON.stringify(json)}`);
  return json;
}

/** A fresh POST /register's initial data for these fetch types (a throwaway queue). */
export async function freshRegister(p: Person, fetchTypes: string[], extra: Record<string, unknown> = {}) {
  return raw(p, 'POST', '/register', {
    fetch_event_types: fetchTypes,
    event_types: ['heartbeat'],
    // archived_channels as Parley declares it (main/sync/register-params.ts), so archived channels compare alike.
    client_capabilities: {
      include_deactivated_groups: true,
      empty_topic_name: true,
      notification_settings_null: true,
      archived_channels: true,
    },
    ...extra,
  });
}

/** The ApiError a promise rejects with (fails the test if it resolves). */
export async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('expected the request to fail');
}

/** A name no earlier test run used. */
export function unique(prefix: string): string {
  return `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
}
