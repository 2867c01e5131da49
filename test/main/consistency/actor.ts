/**
 * Another person's client, in plain HTTP to the dev server: it acts (sends, edits, reacts...)
 * and it is the oracle the cache is compared with. Deliberately not through main/api, so the
 * code under test is not also the test's tool.
 */

export class ActorError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
  }
}

export class Actor {
  private constructor(
    readonly baseUrl: string,
    readonly email: string,
    readonly userId: number,
    readonly apiKey: string,
    readonly fullName: string,
  ) {}

  /** POST /fetch_api_key; every later request carries Basic auth. */
  static async login(baseUrl: string, email: string, password: string): Promise<Actor> {
    const body = await plain(baseUrl, null, 'POST', '/fetch_api_key', { username: email, password });
    const who = { email: String(body['email']), apiKey: String(body['api_key']) };
    const me = await plain(baseUrl, who, 'GET', '/users/me', {});
    return new Actor(baseUrl, who.email, Number(me['user_id']), who.apiKey, String(me['full_name']));
  }

  /** One request; non-string values are sent as JSON text, as Zulip clients do. Throws on result:error. */
  call(method: string, path: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    return plain(this.baseUrl, this, method, path, params);
  }

  /** POST /messages to a channel; the new message's ID. */
  async sendToChannel(channelId: number, topic: string, content: string): Promise<number> {
    const r = await this.call('POST', '/messages', { type: 'stream', to: channelId, topic, content });
    return Number(r['id']);
  }

  async sendDm(userIds: number[], content: string): Promise<number> {
    const r = await this.call('POST', '/messages', { type: 'private', to: userIds, content });
    return Number(r['id']);
  }

  /**
   * GET /messages as the server has them now: the newest `count` of a narrow, a window after
   * `anchor`, or exactly the messages `ids` (message_ids).
   */
  async messages(
    narrow: { operator: string; operand: unknown }[],
    opts: { count?: number; markdown?: boolean; anchor?: string; after?: number; ids?: number[] } = {},
  ): Promise<Record<string, unknown>[]> {
    const common = {
      narrow,
      apply_markdown: opts.markdown ?? true,
      client_gravatar: false,
      allow_empty_topic_name: true,
    };
    const window =
      opts.ids !== undefined
        ? { message_ids: opts.ids }
        : opts.after !== undefined
          ? { anchor: opts.anchor ?? 'oldest', num_before: 0, num_after: opts.after, include_anchor: true }
          : { anchor: opts.anchor ?? 'newest', num_before: opts.count ?? 100, num_after: 0 };
    const r = await this.call('GET', '/messages', { ...common, ...window });
    return r['messages'] as Record<string, unknown>[];
  }

  /** A fresh POST /register's snapshot of the given families (no queue kept in use). */
  register(fetchEventTypes: string[]): Promise<Record<string, unknown>> {
    return this.call('POST', '/register', {
      fetch_event_types: fetchEventTypes,
      event_types: ['heartbeat'],
      apply_markdown: true,
      client_gravatar: false,
      client_capabilities: {
        notification_settings_null: true,
        bulk_message_deletion: true,
        user_settings_object: true,
        empty_topic_name: true,
        // As Parley declares it: archived channels (and their subscriptions) stay in the snapshot.
        archived_channels: true,
      },
    });
  }
}

async function plain(
  baseUrl: string,
  who: { email: string; apiKey: string } | null,
  method: string,
  path: string,
  params: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined) form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  }
  const query = method === 'GET' || method === 'DELETE';
  const url = `${baseUrl}/api/v1${path}${query ? `?${form}` : ''}`;
  const headers: Record<string, string> = who
    ? { Authorization: `Basic ${Buffer.from(`${who.email}:${who.apiKey}`).toString('base64')}` }
    : {};
  const res = await fetch(url, { method, headers, ...(query ? {} : { body: form }) });
  const body = (await res.json()) as Record<string, unknown>;
  if (body['result'] !== 'success') {
    throw new ActorError(
      `${method} ${path}: ${res.status} ${String(body['code'])} ${String(body['msg'])}`,
      res.status,
      body,
    );
  }
  return body;
}
