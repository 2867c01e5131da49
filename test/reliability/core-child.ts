/**
 * The core in a process of its own, for the kill -9 test: signs in (again) to the dev server,
 * then either queues messages one by one (`send`: prints "queued <content>" once compose:send has
 * answered, i.e. once the row is durable) or just syncs (`ingest`), or waits until its outbox is
 * empty (`drain`: prints "drained" and exits). The parent kills it with SIGKILL at random moments.
 * Usage: tsx core-child.ts <dataDir> <serverUrl> <email> <password> <mode> <round> <channelId>
 */
import { openCredentialStore } from '../../main/credentials';
import { createCore } from '../../main/core';
import { createLogger } from '../../main/log';

const [dataDir, url, email, password, mode, round, channel] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
  string,
  string,
];
const channelId = Number(channel);
// The real keychain (a service of this test run), so a restarted core resumes the account
// without signing in again, as the app does.
const credentials = (
  await openCredentialStore(createLogger({ name: 'keychain', level: 'error' }), {
    service: process.env['PARLEY_KILL_KEYCHAIN'] ?? 'Parley kill test',
  })
).store;
const core = await createCore({
  dataDir,
  credentials,
  log: createLogger({ name: 'child', level: mode === 'drain' ? 'info' : 'error' }),
});
type View = { id: number; localId?: string };
const waiting = new Set<string>();
let lastEcho = Date.now();
core.subscribe((name, payload) => {
  const messages = (payload as { messages?: View[] }).messages ?? [];
  for (const m of messages) {
    if (m.localId === undefined) continue;
    if (name === 'messages:added' && m.id < 0) {
      waiting.add(m.localId);
      lastEcho = Date.now();
    }
    if (name === 'messages:updated' && m.id > 0) waiting.delete(m.localId);
  }
});
const state = (await core.dispatch('app:state', {})) as { ok: true; value: { accounts: { id: string }[] } };
let account = state.value.accounts[0];
if (!account) {
  const signedIn = await core.dispatch('account:signIn', { url, email, password });
  if (!signedIn.ok) {
    console.error(`sign-in failed: ${signedIn.error.message}`);
    process.exit(2);
  }
  account = signedIn.value as { id: string };
}
console.log('ready');

if (mode === 'send') {
  for (let n = 0; ; n++) {
    const content = `kill ${round} #${n}`;
    const r = await core.dispatch('compose:send', {
      accountId: account.id,
      to: { kind: 'channel', channelId, topic: 'kill -9' },
      content,
    });
    if (r.ok) console.log(`queued ${content}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
} else if (mode === 'drain') {
  // Echoes of unsent rows come at start (negative IDs); each is settled by a confirmation.
  while (Date.now() - lastEcho < 3000 || waiting.size > 0) await new Promise((resolve) => setTimeout(resolve, 100));
  console.log('drained');
  await core.close();
  process.exit(0);
}
// ingest: keep syncing until killed.
