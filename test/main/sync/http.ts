/**
 * Plain HTTP to the dev server, as another user would act: fetch a key, send a message.
 * Deliberately not through main/api, so the code under test is not also the test's tool.
 */
export interface Creds {
  email: string;
  apiKey: string;
}

function basic(c: Creds): string {
  return `Basic ${Buffer.from(`${c.email}:${c.apiKey}`).toString('base64')}`;
}

async function call(baseUrl: string, method: string, path: string, params: Record<string, string>, creds?: Creds) {
  const body = new URLSearchParams(params);
  const url = method === 'GET' ? `${baseUrl}/api/v1${path}?${body}` : `${baseUrl}/api/v1${path}`;
  const res = await fetch(url, {
    method,
    headers: creds ? { Authorization: basic(creds) } : {},
    ...(method === 'GET' ? {} : { body }),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (json['result'] !== 'success') throw new Error(`${method} ${path} failed: ${JSON.stringify(json)}`);
  return json;
}

export async function apiKeyOf(baseUrl: string, email: string, password: string): Promise<Creds> {
  const json = await call(baseUrl, 'POST', '/fetch_api_key', { username: email, password });
  return { email: String(json['email']), apiKey: String(json['api_key']) };
}

export async function sendToChannel(
  baseUrl: string,
  from: Creds,
  channelId: number,
  topic: string,
  content: string,
): Promise<number> {
  const json = await call(
    baseUrl,
    'POST',
    '/messages',
    { type: 'stream', to: String(channelId), topic, content },
    from,
  );
  return Number(json['id']);
}

export async function sendDm(baseUrl: string, from: Creds, userIds: number[], content: string): Promise<number> {
  const json = await call(
    baseUrl,
    'POST',
    '/messages',
    { type: 'private', to: JSON.stringify(userIds), content },
    from,
  );
  return Number(json['id']);
}

/** The channels this user is subscribed to (read through a throwaway POST /register). */
export async function subscriptionsOf(baseUrl: string, creds: Creds): Promise<{ stream_id: number; name: string }[]> {
  const params = { fetch_event_types: JSON.stringify(['subscription']), event_types: JSON.stringify(['heartbeat']) };
  const json = await call(baseUrl, 'POST', '/register', params, creds);
  return (json['subscriptions'] as { stream_id: number; name: string }[] | undefined) ?? [];
}
