/** Shared steps of the outbox tests: a signed-in core, the server's view of what was sent. */
import type { AccountSummary, MessageView } from '../../../common/model';
import { MemoryCredentialStore } from '../../../main/credentials';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startDevServer, type RunningDevServer } from '../../helpers/devserver';
import { FaultControl } from '../../helpers/devserverFaults';
import { Actor } from '../consistency/actor';
import { startLiveCore, type TestCore } from '../core/harness';

export interface Session {
  t: TestCore;
  account: AccountSummary;
  credentials: MemoryCredentialStore;
  /** The same user, in plain HTTP: the oracle. */
  me: Actor;
  channelId: number;
}

export async function signedInCore(
  server: RunningDevServer,
  dataDir: string,
  opts: { fetch?: typeof fetch; role?: number; email?: string } = {},
): Promise<Session> {
  const credentials = new MemoryCredentialStore();
  const user = opts.email ? server.users.find((u) => u.email === opts.email)! : server.byRole(opts.role ?? 400);
  const core = opts.fetch ? { fetch: opts.fetch } : {};
  const { t, account } = await startLiveCore(dataDir, server.baseUrl, user, credentials, core);
  const channelId = (await t.ok('sidebar:get', { accountId: account.id })).channels[0]!.id;
  const me = await Actor.login(server.baseUrl, user.email, user.password);
  return { t, account, credentials, me, channelId };
}

export const withLocalId = (localId: string) => (p: { messages: MessageView[] }) =>
  p.messages.some((m) => m.localId === localId);

/** The server's confirmation of an echo: messages:updated with the localId and a real ID. */
export async function confirmed(t: TestCore, localId: string, timeout = 30_000): Promise<MessageView> {
  const event = await t.waitFor(
    'messages:updated',
    (p) => p.messages.some((m) => m.localId === localId && m.id > 0),
    timeout,
  );
  return event.messages.find((m) => m.localId === localId && m.id > 0)!;
}

/** Our own messages in a topic as the server has them: Markdown content, oldest first. */
export async function ownInTopic(
  me: Actor,
  channelId: number,
  topic: string,
): Promise<{ id: number; content: string }[]> {
  const list = await me.messages(
    [
      { operator: 'channel', operand: channelId },
      { operator: 'topic', operand: topic },
      { operator: 'sender', operand: me.userId },
    ],
    { markdown: false, count: 200 },
  );
  return list.map((m) => ({ id: Number(m['id']), content: String(m['content']) })).sort((a, b) => a.id - b.id);
}

/**
 * One dev server with its fault interface for a test file, and the cores a test opened (pushed
 * to `open`), closed after each test with the faults cleared.
 */
export function useFaultyServer(open: TestCore[]): {
  readonly server: RunningDevServer;
  readonly faults: FaultControl;
} {
  const env = {} as { server: RunningDevServer; faults: FaultControl };
  beforeAll(async () => {
    env.server = await startDevServer({ faults: true });
    env.faults = new FaultControl(env.server.baseUrl);
  });
  afterEach(async () => {
    await env.faults.clear();
    for (const t of open.splice(0)) await t.core.close();
  });
  afterAll(async () => {
    await env.server?.stop();
  });
  return env;
}
