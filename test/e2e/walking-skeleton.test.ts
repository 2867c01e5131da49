/**
 * The walking skeleton, end to end with real parts: Debian's Chromium drives the real UI served
 * by the bridge host, over the real core, against the dev server over loopback HTTP. Then the
 * app restarts with the dev server gone and must show the last view from its SQLite cache.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCore } from '../../main/core';
import { openCredentialStore, type CredentialStore } from '../../main/credentials';
import { startBridgeHost, type BridgeHost } from '../../main/host/bridge-host';
import { RENDERER_DIST } from '../../main/host/renderer-dist';
import { createLogger } from '../../main/log';
import { startDevServer, type RunningDevServer } from '../helpers/devserver';
import { ZulipUser } from './zulip-http';

const ARTIFACTS = join(import.meta.dirname, '..', 'artifacts');
const UI_TIMEOUT = 20_000;
const log = createLogger({ name: 'e2e', level: 'error' });

let work: string;
let server: RunningDevServer | null = null;
let credentials: CredentialStore;
let app: { core: Awaited<ReturnType<typeof createCore>>; host: BridgeHost } | null = null;
let browser: Browser;
/** Keychain entries the test created, removed at the end whatever happened. */
const keychainEntries: { realmUrl: string; email: string }[] = [];
let page: Page;

async function startApp(): Promise<BridgeHost> {
  const core = await createCore({ dataDir: join(work, 'data'), credentials, log });
  const host = await startBridgeHost({ core, rendererDir: RENDERER_DIST, log });
  app = { core, host };
  return host;
}

async function stopApp(): Promise<void> {
  if (!app) return;
  await app.host.close();
  await app.core.close();
  app = null;
}

const visible = (locator: Locator): Promise<void> => locator.waitFor({ state: 'visible', timeout: UI_TIMEOUT });
const shoot = (name: string): Promise<Buffer> =>
  page.screenshot({ path: join(ARTIFACTS, `walking-skeleton-${name}.png`) });
const unique = (what: string): string => `${what} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  work = mkdtempSync(join(tmpdir(), 'parley-e2e-'));
  // The OS keychain when one answers (CI runs inside an unlocked gnome-keyring), under a service
  // name of its own so a developer's real Parley entries are never touched.
  credentials = (await openCredentialStore(log, { service: 'Parley e2e test' })).store;
  server = await startDevServer({ seed: 'demo' });
  await startApp();
  browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  page.on('pageerror', (error) => console.error('page error:', error.message));
});

afterAll(async () => {
  await browser?.close();
  await stopApp();
  await server?.stop();
  if (server && credentials) {
    for (const user of server.users)
      await credentials.delete({ realmUrl: server.baseUrl, email: user.email }).catch(() => undefined);
  }
  rmSync(work, { recursive: true, force: true });
});

it('signs in, reads, sends, receives live, and restarts from the cache', async () => {
  if (!server || !app) throw new Error('setup failed');
  const owner = server.byRole(100);
  const member = server.byRole(400);
  const ownerHttp = await ZulipUser.login(server.baseUrl, owner.email, owner.password);
  const memberHttp = await ZulipUser.login(server.baseUrl, member.email, member.password);

  // --- Sign-in screen: a bad URL first, then the dev server.
  await page.goto(app.host.url);
  const serverUrl = page.getByRole('textbox', { name: 'Server URL' });
  await visible(serverUrl);
  await serverUrl.fill('http://127.0.0.1:1');
  await page.getByRole('button', { name: 'Continue' }).click();
  const unreachable = page.getByRole('alert').filter({ hasText: 'Could not reach that server' });
  await visible(unreachable);
  await shoot('01-unreachable');

  await serverUrl.fill(server.baseUrl);
  await page.getByRole('button', { name: 'Continue' }).click();
  await visible(page.getByRole('heading', { name: server.realmName }));

  // --- A wrong password shows the error and keeps us on the form.
  await page.getByRole('textbox', { name: /^Email/ }).fill(owner.email);
  await page.getByLabel('Password').fill('certainly-not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await visible(page.getByRole('alert').filter({ hasText: 'do not match' }));
  await shoot('02-wrong-password');

  keychainEntries.push({ realmUrl: server.baseUrl, email: owner.email });
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // --- The sidebar lists the channels the server says the owner is subscribed to.
  const channels = page.getByRole('navigation', { name: 'Channels' });
  await visible(channels);
  const subscriptions = await ownerHttp.subscriptions();
  expect(subscriptions.length).toBeGreaterThan(0);
  for (const sub of subscriptions) await visible(channels.getByRole('button', { name: sub.name, exact: true }));
  await shoot('03-signed-in');
  // The API key stays in main: not in the page, not in its storage.
  const pageData = await page.evaluate(
    () =>
      document.documentElement.outerHTML + JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
  );
  expect(pageData).toContain(owner.email);
  expect(pageData).not.toContain(ownerHttp.apiKey);

  // --- Open a channel that has messages, then its newest topic.
  let channel: { stream_id: number; name: string } | undefined;
  let topic = '';
  for (const sub of subscriptions) {
    const [newest] = await ownerHttp.newestMessages([{ operator: 'channel', operand: sub.stream_id }], 1);
    if (newest && newest.subject !== '') {
      channel = sub;
      topic = newest.subject;
      break;
    }
  }
  if (!channel) throw new Error('The demo seed has no channel with a named topic');
  await channels.getByRole('button', { name: channel.name, exact: true }).click();
  await visible(page.getByRole('log').getByRole('article').first());
  // The open channel shows its topics (as Zulip's sidebar does); the toggle only opens them if closed.
  const topicsToggle = channels.getByRole('button', { name: `Topics in ${channel.name}` });
  if ((await topicsToggle.getAttribute('aria-expanded')) !== 'true') await topicsToggle.click();
  await channels
    .getByRole('list', { name: `Topics in ${channel.name}` })
    .getByRole('button', { name: topic, exact: true })
    .click();
  const topicMessages = await ownerHttp.newestMessages(
    [
      { operator: 'channel', operand: channel.stream_id },
      { operator: 'topic', operand: topic },
    ],
    3,
  );
  const messageLog = page.getByRole('log');
  await expect
    .poll(() => messageLog.getByRole('article').count(), { timeout: UI_TIMEOUT })
    .toBeGreaterThanOrEqual(topicMessages.length);
  // Messages whose Markdown is plain text read the same on screen.
  const plain = topicMessages.filter((message) => /^[\w ,.'!?-]+$/.test(message.content));
  for (const message of plain) await visible(messageLog.getByText(message.content, { exact: true }).first());
  await shoot('04-topic');

  // --- Send to the topic through the compose box: it shows, and the server has it.
  const mine = unique('Hello from the walking skeleton');
  await page.getByRole('textbox', { name: 'Message' }).fill(mine);
  await page.getByRole('button', { name: 'Send' }).click();
  await visible(messageLog.getByText(mine));
  await expect
    .poll(
      async () =>
        (
          await ownerHttp.newestMessages(
            [
              { operator: 'channel', operand: channel.stream_id },
              { operator: 'topic', operand: topic },
            ],
            1,
          )
        )[0]?.content,
    )
    .toBe(mine);

  // --- Another user writes to the same topic over plain HTTP: it appears live.
  const theirs = unique('Live reply from another user');
  await memberHttp.sendToTopic(channel.stream_id, topic, theirs);
  await visible(messageLog.getByText(theirs));
  await shoot('05-live');

  // --- A direct message conversation: the member writes, the owner opens it and answers.
  const dmIn = unique('A direct question');
  await memberHttp.sendDirect([owner.userId], dmIn);
  const dms = page.getByRole('navigation', { name: 'Direct messages' });
  const conversation = dms.getByRole('button', { name: member.fullName, exact: true });
  await visible(conversation);
  await conversation.click();
  await visible(messageLog.getByText(dmIn));
  const dmOut = unique('A direct answer');
  await page.getByRole('textbox', { name: 'Message' }).fill(dmOut);
  await page.getByRole('button', { name: 'Send' }).click();
  await visible(messageLog.getByText(dmOut));
  await expect
    .poll(async () => (await memberHttp.newestMessages([{ operator: 'dm', operand: [owner.userId] }], 1))[0]?.content)
    .toBe(dmOut);
  await shoot('06-dm');

  // --- Restart the app with the dev server gone: the last view comes from the cache.
  await stopApp();
  await server.stop();
  server = null;
  const restarted = await startApp();
  await page.goto(restarted.url);
  await visible(page.getByRole('navigation', { name: 'Channels' }));
  await visible(page.getByRole('log').getByText(dmOut));
  await visible(page.getByRole('log').getByText(dmIn));
  await shoot('07-offline-restart');
});
