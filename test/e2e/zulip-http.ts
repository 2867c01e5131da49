/**
 * Plain HTTP to the dev server as a given user, the way another person's client would talk to
 * it: the oracle the end-to-end test checks the UI against, and the "other user" who writes.
 */
export interface ServerMessage {
  id: number;
  content: string;
  subject: string;
  stream_id?: number;
  sender_id: number;
}

export class ZulipUser {
  private constructor(
    private readonly baseUrl: string,
    /** Kept so a test can check the key never shows up where it must not. */
    readonly apiKey: string,
    private readonly auth: string,
  ) {}

  /** POST /fetch_api_key, then every request carries Basic auth. */
  static async login(baseUrl: string, email: string, password: string): Promise<ZulipUser> {
    const body = await request(baseUrl, '', 'POST', '/fetch_api_key', { username: email, password });
    const key = body['api_key'];
    if (typeof key !== 'string') throw new Error(`No API key for ${email}`);
    return new ZulipUser(baseUrl, key, `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`);
  }

  async subscriptions(): Promise<{ stream_id: number; name: string }[]> {
    const body = await request(this.baseUrl, this.auth, 'POST', '/register', {
      event_types: JSON.stringify(['subscription']),
      fetch_event_types: JSON.stringify(['subscription']),
    });
    return body['subscriptions'] as { stream_id: number; name: string }[];
  }

  async newestMessages(narrow: unknown[], count: number): Promise<ServerMessage[]> {
    const query = new URLSearchParams({
      anchor: 'newest',
      num_before: String(count),
      num_after: '0',
      narrow: JSON.stringify(narrow),
      apply_markdown: 'false',
    });
    const body = await request(this.baseUrl, this.auth, 'GET', `/messages?${query}`);
    return body['messages'] as ServerMessage[];
  }

  async sendToTopic(channelId: number, topic: string, content: string): Promise<number> {
    const body = await request(this.baseUrl, this.auth, 'POST', '/messages', {
      type: 'stream',
      to: String(channelId),
      topic,
      content,
    });
    return body['id'] as number;
  }

  /** POST /mark_stream_as_read: everything in the channel read for this user. */
  async markChannelRead(channelId: number): Promise<void> {
    await request(this.baseUrl, this.auth, 'POST', '/mark_stream_as_read', { stream_id: String(channelId) });
  }

  /** The IDs of this user's unread messages in a topic, as the server counts them. */
  async unreadIn(channelId: number, topic: string): Promise<number[]> {
    const query = new URLSearchParams({
      anchor: 'newest',
      num_before: '1000',
      num_after: '0',
      narrow: JSON.stringify([
        { operator: 'channel', operand: channelId },
        { operator: 'topic', operand: topic },
        { operator: 'is', operand: 'unread' },
      ]),
    });
    const body = await request(this.baseUrl, this.auth, 'GET', `/messages?${query}`);
    return (body['messages'] as ServerMessage[]).map((m) => m.id);
  }

  /** POST /typing in a channel's topic: others see "… is typing" (or stop seeing it). */
  async typingIn(channelId: number, topic: string, op: 'start' | 'stop'): Promise<void> {
    await request(this.baseUrl, this.auth, 'POST', '/typing', {
      type: 'stream',
      stream_id: String(channelId),
      topic,
      op,
    });
  }

  async sendDirect(userIds: number[], content: string): Promise<number> {
    const body = await request(this.baseUrl, this.auth, 'POST', '/messages', {
      type: 'direct',
      to: JSON.stringify(userIds),
      content,
    });
    return body['id'] as number;
  }
}

async function request(
  baseUrl: string,
  auth: string,
  method: 'GET' | 'POST',
  path: string,
  form?: Record<string, string>,
): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = {};
  if (auth) headers['Authorization'] = auth;
  const init: RequestInit = { method, headers };
  if (form) init.body = new URLSearchParams(form);
  const res = await fetch(`${baseUrl}/api/v1${path}`, init);
  const body = (await res.json()) as Record<string, unknown>;
  if (body['result'] !== 'success') throw new Error(`${method} ${path} failed: ${String(body['msg'])}`);
  return body;
}
